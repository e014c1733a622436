// The one reader of a request's session. Every entry (tRPC's context, the admin routes, the
// quote PDF, draft covers, rendered pages) asks `sessionOf`: the token is validated once per
// request however many ask, and the cookie follows what validation found (re-sent with the new
// expiry when the session was extended, cleared when the token is unknown or expired).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shared/messages';
import type { AppDeps } from '../app-deps';
import { failsAs } from '../failed-step';
import { SESSION_COOKIE, type SessionCookies, sessionCookies } from './cookie';
import { type SessionUser, validateSessionToken } from './session';

type SessionDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

const readings = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Whether the request carries a session cookie at all (valid or not): shared caches skip it. */
export const hasSessionCookie = (request: FastifyRequest) =>
  Boolean(request.cookies[SESSION_COOKIE]);

/** The cookie writer of this answer: Secure in production or when the request came by HTTPS. */
export function cookiesOf(
  deps: Pick<AppDeps, 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
): SessionCookies {
  // request.protocol follows X-Forwarded-Proto only from a proxy TRUST_PROXY names.
  const isSecure = deps.config.NODE_ENV === 'production' || request.protocol === 'https';
  return sessionCookies(reply, isSecure);
}

/** The request's signed-in user, or null; validated once per request. */
export function sessionOf(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  let reading = readings.get(request);
  if (!reading) {
    reading = readSession(deps, request, reply);
    readings.set(request, reading);
  }
  return reading;
}

async function readSession(deps: SessionDeps, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = await failsAs(messages.sessionFailed, () =>
    validateSessionToken(deps.db, token, deps.clock.now()),
  );
  const cookies = cookiesOf(deps, request, reply);
  if (!session) cookies.clear();
  // A session extended past its half-life gets a cookie with the new expiry.
  else if (session.isExtended) cookies.set(token, session.expiresAt);
  return session;
}
