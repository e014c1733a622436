import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shared/messages';
import { SESSION_COOKIE } from '../auth/cookie';
import { type SessionUser, validateSessionToken } from '../auth/session';
import type { AppDeps } from '../trpc/context';

/**
 * The admin behind a plain HTTP route (multipart uploads), or null after answering
 * 401/403 in Spanish — the same rule as tRPC's adminProcedure.
 */
export async function requireAdminRequest(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  unauthenticatedMessage: string = messages.unauthenticated,
): Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await validateSessionToken(deps.db, token) : null;
  if (!session) {
    await reply.code(401).send({ error: unauthenticatedMessage });
    return null;
  }
  if (session.role !== 'admin') {
    await reply.code(403).send({ error: messages.forbidden });
    return null;
  }
  return session;
}
