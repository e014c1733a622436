// Every answer the HTTP layer gives on its own (a body that is not JSON, too large, of an
// unknown type; an address nothing serves; an unexpected failure) is Spanish and never shows
// a stack trace. The handlers are set on the root instance before any plugin or route is
// registered: Fastify gives each route the handler in force when the route was added, so a
// route registered earlier would keep Fastify's English default.
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { messages } from '@shared/messages';
import { isDatabaseUnavailable } from '../db/availability';

/** Fastify's own error codes whose meaning deserves a more precise text than the status. */
const TEXT_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.invalidJson,
};

const TEXT_BY_STATUS: Record<number, string> = {
  401: messages.unauthenticated,
  403: messages.forbidden,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  406: messages.unsupportedMediaType,
  413: messages.bodyTooLarge,
  415: messages.unsupportedMediaType,
  429: messages.tooManyRequests,
};

/**
 * The status and Spanish text for an error that reached the HTTP layer. Its own message is
 * never sent: Fastify's and its plugins' are English, and an unexpected one may hold details.
 */
export function httpErrorAnswer(error: Partial<FastifyError>): { status: number; text: string } {
  if (isDatabaseUnavailable(error)) return { status: 503, text: messages.serviceUnavailable };
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) return { status, text: messages.unexpected };
  const text = (error.code && TEXT_BY_CODE[error.code]) ?? TEXT_BY_STATUS[status];
  return { status, text: text ?? messages.badRequest };
}

function answerError(error: Partial<FastifyError>, request: FastifyRequest, reply: FastifyReply) {
  const { status, text } = httpErrorAnswer(error);
  if (status === 500) request.log.error({ err: error }, 'request failed');
  if (status === 503) logDatabaseUnavailable(request.log, error);
  return reply.code(status).send({ error: text });
}

/**
 * A database away is the operator's to fix, not a bug: one warning per failed request, with
 * the driver's code and message but no stack trace (an outage fails every request).
 */
export function logDatabaseUnavailable(log: FastifyBaseLogger, error: unknown, details = {}) {
  let root = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  const { code, message } = (root ?? {}) as { code?: unknown; message?: unknown };
  log.warn({ ...details, code, reason: message }, 'database unavailable');
}

/** For Fastify's constructor: errors raised before routing (a malformed URL, for one). */
export const frameworkErrors = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  void answerError(error, request, reply);
};

/**
 * Where an address no route serves may still be a page: the server-rendered pages fill `serve`
 * once they are registered (ssr/pages.ts), and answer undefined for what is not a page.
 */
export type PageFallback = {
  serve?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined;
};

/**
 * The app's error and not-found handlers. An unknown address that is a page gets the rendered
 * page (with its Spanish not-found screen and status 404); anything else a JSON 404.
 */
export function registerErrorHandling(app: FastifyInstance, pages: PageFallback) {
  app.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply));

  app.setNotFoundHandler(
    (request, reply) =>
      pages.serve?.(request, reply) ?? reply.code(404).send({ error: messages.notFound }),
  );
}
