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
  RawRequestDefaultExpression,
} from 'fastify';
import { hasUndecodablePath, isPageAddress } from '@shared/addresses';
import { messages } from '@shared/messages';
import { isDatabaseUnavailable } from '../database-availability';

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
 * Where the request for a page whose address does not decode is sent (see rewriteBadPageUrl).
 * No route serves it, and it is no page's address: a dot starts no route's path.
 */
const BAD_PAGE_URL = '/.direccion-invalida';

/**
 * Fastify's `rewriteUrl`, run before routing. Fastify's router refuses an address whose escapes
 * do not decode ('/tienda/%E0%A4%A') before any hook, through frameworkErrors: a JSON 400. A
 * browser asking for such a page gets the store's page instead, with the same status: the
 * request goes to BAD_PAGE_URL, which no route serves, so it passes every hook (security
 * headers, cookies) on its way to the not-found handler, which renders the address asked for.
 */
export function rewriteBadPageUrl(request: RawRequestDefaultExpression): string {
  const url = request.url ?? '/';
  if (!url.includes('%') || !hasUndecodablePath(url)) return url;
  const isPageRequest =
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html') &&
    isPageAddress(url);
  return isPageRequest ? BAD_PAGE_URL : url;
}

/** What rewriteBadPageUrl sent on: the page's own address and the status to answer it with. */
export type PageAddress = { url: string; status: number };

/**
 * Where an address no route serves may still be a page: the server-rendered pages fill `serve`
 * once they are registered (ssr/pages.ts), and answer undefined for what is not a page (or
 * when pages are not built). `as` renders another address than the request's, with a status.
 */
export type PageFallback = {
  serve?: (
    request: FastifyRequest,
    reply: FastifyReply,
    as?: PageAddress,
  ) => Promise<FastifyReply> | undefined;
};

/**
 * The app's error and not-found handlers. An unknown address that is a page gets the rendered
 * page (with its Spanish not-found screen and status 404); anything else a JSON 404. A page
 * whose address does not decode gets the rendered page with status 400.
 */
export function registerErrorHandling(app: FastifyInstance, pages: PageFallback) {
  app.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply));

  app.setNotFoundHandler((request, reply) => {
    if (request.url === BAD_PAGE_URL && request.originalUrl !== BAD_PAGE_URL) {
      const badPage = { url: request.originalUrl, status: 400 };
      return (
        pages.serve?.(request, reply, badPage) ??
        reply.code(400).send({ error: messages.badRequest })
      );
    }
    return pages.serve?.(request, reply) ?? reply.code(404).send({ error: messages.notFound });
  });
}
