import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import { loggerOptions } from '../logging';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's id is kept only when it is short and plain: it is echoed and written to logs. */
const SANE_REQUEST_ID = /^[\w.:@+=/-]{1,128}$/;

/**
 * The process's one structured JSON logger: Fastify's request lines (each with its `reqId`),
 * the outbox worker and start-up messages all write through it.
 */
export function createLogger(destination?: DestinationStream): Logger {
  // Redacted and size-capped lines (logging.ts): a query's parameters or a hash never get out.
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
