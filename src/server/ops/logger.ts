import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';

// What the server's logger may write. Database errors carry the statement's parameters (drizzle
// puts them in the message too), and those hold password hashes, e-mails and whatever a client
// typed: one long field once made a 3 MB line with an argon2 hash in it. Every logged object
// goes through `sanitizeForLog` before pino writes it: secret-looking keys are replaced, long
// strings cut, deep or wide structures summarised, so a line stays small and harmless.

/** Longest string kept in a log field; the rest is replaced by a note of how much was cut. */
export const LOG_FIELD_MAX = 2_048;
const MAX_DEPTH = 5;
const MAX_KEYS = 30;
const MAX_ITEMS = 10;
export const REDACTED = '[redactado]';

/**
 * Keys whose values never reach a log: credentials, sessions and the parameters of a query
 * (`params` for drizzle and PGlite, `parameters`/`args` for postgres-js).
 */
const SECRET_KEY =
  /pass(word)?|hash|token|secret|cookie|authorization|session|^params$|^parameters$|^args$/i;
/** drizzle's "Failed query: ...\nparams: a,b,c" message (and its copy at the top of the stack). */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

function cutString(value: string): string {
  const text = value.replace(QUERY_PARAMS, `\nparams: ${REDACTED}`);
  if (text.length <= LOG_FIELD_MAX) return text;
  return `${text.slice(0, LOG_FIELD_MAX)}… [${text.length - LOG_FIELD_MAX} caracteres más]`;
}

function sanitizeError(error: Error, depth: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    type: error.name,
    message: error.message,
    stack: error.stack,
  };
  for (const key of Object.keys(error))
    fields[key] = (error as unknown as Record<string, unknown>)[key];
  if (error.cause !== undefined) fields.cause = error.cause;
  return sanitizeObject(fields, depth);
}

function sanitizeObject(object: object, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const keys = Object.keys(object);
  for (const key of keys.slice(0, MAX_KEYS)) {
    const value = (object as Record<string, unknown>)[key];
    result[key] =
      SECRET_KEY.test(key) && value !== undefined && value !== null
        ? REDACTED
        : sanitizeForLog(value, depth + 1);
  }
  if (keys.length > MAX_KEYS) result['…'] = `${keys.length - MAX_KEYS} campos más`;
  return result;
}

/** A copy of `value` that is safe and small enough to log. */
export function sanitizeForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cutString(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) return sanitizeError(value, depth);
  if (value instanceof Date) return value;
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => sanitizeForLog(item, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} elementos más`);
    return items;
  }
  return sanitizeObject(value, depth);
}

/**
 * The request as one line shows it: the URL of a GET can carry a whole tRPC input. The URL is
 * the one asked for, before rewriteBadPageUrl (http/error-handling.ts) sends it elsewhere.
 */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: cutString(request.originalUrl),
  host: request.host,
  remoteAddress: request.ip,
});

/** pino options for the server's logger (createLogger). */
export function loggerOptions(): LoggerOptions {
  return {
    serializers: {
      // Objects are sanitised by formatters.log below; these keep pino's defaults from
      // re-expanding them.
      err: (error) => sanitizeForLog(error) as { type: string; message: string; stack: string },
      req: requestSerializer,
    },
    formatters: {
      // Runs on the merging object of every call, before the serializers: `req` and `res`
      // are left to their serializers, everything else is sanitised here.
      log: ({ req, res, ...rest }) => ({
        ...sanitizeObject(rest, 0),
        ...(req === undefined ? {} : { req }),
        ...(res === undefined ? {} : { res }),
      }),
    },
    hooks: {
      // The message string itself (and any printf-style arguments) is cut as well.
      logMethod(args, method) {
        const safe = args.map((arg) => (typeof arg === 'string' ? cutString(arg) : arg));
        return method.apply(this, safe as Parameters<typeof method>);
      },
    },
  };
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's id is kept only when it is short and plain: it is echoed and written to logs. */
const SANE_REQUEST_ID = /^[\w.:@+=/-]{1,128}$/;

/**
 * The process's one structured JSON logger: Fastify's request lines (each with its `reqId`),
 * the outbox worker and start-up messages all write through it.
 */
export function createLogger(destination?: DestinationStream): Logger {
  // Redacted and size-capped lines (below): a query's parameters or a hash never get out.
  return pino({ level: 'info', ...loggerOptions() }, destination);
}

/** Fastify's `genReqId`: a load balancer's x-request-id when sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers[REQUEST_ID_HEADER];
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Echoes the id, so a user's report or a proxy's log leads to this request's log lines. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
