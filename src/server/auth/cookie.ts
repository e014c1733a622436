import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'session';

export type SessionCookies = {
  set(token: string, expiresAt: Date): void;
  clear(): void;
};

/** HttpOnly, SameSite=Lax, Secure over HTTPS: the token never reaches scripts. */
export function sessionCookies(reply: FastifyReply, secure: boolean): SessionCookies {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  return {
    set: (token, expiresAt) => {
      reply.setCookie(SESSION_COOKIE, token, { ...base, expires: expiresAt });
    },
    clear: () => {
      reply.clearCookie(SESSION_COOKIE, base);
    },
  };
}

export const noopSessionCookies: SessionCookies = { set: () => {}, clear: () => {} };
