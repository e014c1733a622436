import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { SessionCookies } from '../auth/cookie';
import { noopSessionCookies } from '../auth/cookie';
import { cookiesOf, sessionOf } from '../auth/request-session';
import type { SessionUser } from '../auth/session';
import type { AppDeps } from '../app-deps';

export type Context = AppDeps & {
  session: SessionUser | null;
  ip: string;
  cookies: SessionCookies;
};

/** The request-free part of the context: integration tests build it directly. */
export function createContextInner(
  deps: AppDeps,
  options: { session?: SessionUser | null; ip?: string; cookies?: SessionCookies } = {},
): Context {
  return {
    ...deps,
    session: options.session ?? null,
    ip: options.ip ?? '127.0.0.1',
    cookies: options.cookies ?? noopSessionCookies,
  };
}

export function contextFactory(deps: AppDeps) {
  return async ({ req, res }: CreateFastifyContextOptions): Promise<Context> => {
    const session = await sessionOf(deps, req, res);
    return createContextInner(deps, { session, ip: req.ip, cookies: cookiesOf(deps, req, res) });
  };
}
