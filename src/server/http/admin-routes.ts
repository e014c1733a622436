import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FormRefusal, fieldRefusal } from '@shared/form-refusal';
import { messages } from '@shared/messages';
import { sessionOf } from '../auth/request-session';
import type { SessionUser } from '../auth/session';
import { adminRefusal } from '../auth/tiers';
import { isDatabaseUnavailable } from '../database-availability';
import { InvalidImageError } from '../storage/images';
import { StorageWriteError } from '../storage/storage';
import type { AppDeps } from '../app-deps';
import { FieldError } from '../validation';
import { logDatabaseUnavailable } from './error-handling';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form field a refused image file is reported under. */
    imageField?: string;
    /** This screen's own 401 text, when it has one. */
    unauthenticatedMessage?: string;
    /** The text of an unexpected failure, when the screen has its own. */
    unexpectedMessage?: string;
    /** A successful answer means the shop may now show something else. */
    changesCatalog?: boolean;
  }
  interface FastifyRequest {
    /** The admin behind a request of the admin routes (set by their preHandler). */
    admin: SessionUser | null;
  }
}

/** A form refused before any service ran: its HTTP status and Spanish answer. */
export class FormRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly body: FormRefusal,
  ) {
    super(body.error);
  }
}

const TIER_STATUS = { UNAUTHORIZED: 401, FORBIDDEN: 403 } as const;

/** The admin tier of tRPC's adminProcedure, as a preHandler: 401/403 in Spanish otherwise. */
function requireAdmin(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionOf(deps, request, reply);
    const refusal = adminRefusal(session);
    if (refusal) {
      const message =
        refusal.code === 'UNAUTHORIZED'
          ? (request.routeOptions.config.unauthenticatedMessage ?? refusal.message)
          : refusal.message;
      return reply.code(TIER_STATUS[refusal.code]).send({ error: message } satisfies FormRefusal);
    }
    request.admin = session;
  };
}

/**
 * Known refusals answer in Spanish under their field; a database away is a 503; anything else
 * is the app's logged 500.
 */
function answerFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(request.log, error);
    return reply.code(503).send({ error: messages.serviceUnavailable } satisfies FormRefusal);
  }
  const imageField = request.routeOptions.config.imageField ?? 'images';
  if (error instanceof FormRefusedError) return reply.code(error.status).send(error.body);
  if (error instanceof FieldError) {
    return reply.code(error.status).send(fieldRefusal(error.field, error.message));
  }
  if (error instanceof InvalidImageError) {
    return reply.code(400).send(fieldRefusal(imageField, error.message));
  }
  if (error instanceof StorageWriteError) {
    request.log.error({ err: error }, 'upload could not be stored');
    return reply.code(error.isNoSpace ? 507 : 500).send(fieldRefusal(imageField, error.message));
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) request.log.error({ err: error.cause ?? error }, 'admin form failed');
    const message = status >= 500 && !error.message ? messages.unexpected : error.message;
    return reply.code(status).send({ error: message } satisfies FormRefusal);
  }
  request.log.error({ err: error }, 'request failed');
  const message = request.routeOptions.config.unexpectedMessage ?? messages.unexpected;
  return reply.code(500).send({ error: message } satisfies FormRefusal);
}

/**
 * The plain HTTP routes of the dashboard (multipart saves, the CSV download), registered
 * inside one scope that checks the admin once, answers refusals in one shape and tells the
 * catalogue cache when a save changed what the shop shows.
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  routes: (scope: FastifyInstance) => void,
) {
  await app.register((scope, _options, done) => {
    scope.decorateRequest('admin', null);
    scope.addHook('preHandler', requireAdmin(deps));
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config.changesCatalog && reply.statusCode < 300) {
        await deps.catalogChanged();
      }
      return payload;
    });
    scope.setErrorHandler(answerFailure);
    routes(scope);
    done();
  });
}

/** The admin set by the preHandler; a route of the admin scope always has one. */
export function adminOf(request: FastifyRequest): SessionUser {
  if (!request.admin) throw new Error('admin route without its preHandler');
  return request.admin;
}
