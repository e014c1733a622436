// What a browser on the store's own page sends with a write, for tests that go through HTTP.
import { createSession, generateSessionToken } from '@server/auth/session';
import { promoteToAdmin, registerCustomer } from '@server/services/accounts/accounts';
import type { AppDeps } from '@server/app-deps';

/**
 * app.inject() sends `Host: localhost:80`; a same-origin page's fetch adds this Origin to every
 * POST, and the server refuses mutations without it (src/server/http/origin-check.ts).
 */
export const SAME_ORIGIN = { origin: 'http://localhost:80' } as const;

/** Headers of a tRPC mutation sent by the store's own page. */
export const JSON_MUTATION = { 'content-type': 'application/json', ...SAME_ORIGIN } as const;

/** Registers a user (admin when asked) and returns the cookie header of a fresh session. */
export async function sessionCookie(
  deps: AppDeps,
  email: string,
  role: 'customer' | 'admin' = 'customer',
): Promise<string> {
  const userId = await registerCustomer(deps.db, {
    email,
    password: 'secreto123',
    fullName: email,
  });
  if (role === 'admin') await promoteToAdmin(deps.db, email);
  const token = generateSessionToken();
  await createSession(deps.db, token, userId, deps.clock.now());
  return `session=${token}`;
}

/** A tRPC error answer as the store sends it (superjson envelope). */
type TrpcErrorAnswer = {
  error: {
    json: {
      message: string;
      data: { code: string; httpStatus: number; fieldErrors?: Record<string, string[]> };
    };
  };
};

/** The error of a refused tRPC call answered over HTTP. */
export const trpcErrorOf = (response: { json: <T>() => T }) =>
  response.json<TrpcErrorAnswer>().error.json;
