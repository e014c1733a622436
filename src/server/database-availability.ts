// The one list of failures that mean "the database cannot answer right now" (stopped,
// restarting, unreachable, hung): every layer that answers a request (Fastify's error
// handlers, tRPC's error formatter, the page renderer) asks isDatabaseUnavailable and answers
// 503 with messages.serviceUnavailable instead of a 500.

/** The code of the error a pool gives while its connection guard knows the database is away. */
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';

/** Codes of Node's sockets and of postgres-js for a connection that failed or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  DATABASE_UNAVAILABLE,
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/**
 * PostgreSQL's own: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up or shutting down), 53300 too_many_connections, 57014 query_canceled (the
 * statement timeout: the database did not answer in time) and class 08, connection exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const isUnavailableSqlState = (code: string) =>
  UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);

/** Whether `error`, or a cause it wraps (drizzle's, a TRPCError's), is one of the above. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (CONNECTION_ERROR_CODES.has(code) || isUnavailableSqlState(code))
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The error a guarded pool answers with, at once, while the database is known to be away. */
export function databaseUnavailableError(): Error {
  return Object.assign(new Error('database unavailable: connection attempts are failing'), {
    code: DATABASE_UNAVAILABLE,
  });
}
