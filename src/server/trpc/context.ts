import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { SessionCookies } from '../auth/cookie';
import { noopSessionCookies, SESSION_COOKIE, sessionCookies } from '../auth/cookie';
import type { SessionUser } from '../auth/session';
import { messages } from '@shared/messages';
import { validateSessionToken } from '../auth/session';
import { failsAs } from '../failed-step';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { RateLimiters } from '../rate-limits';
import type { CatalogCache } from '../services/catalog-cache';
import type { CatalogSignal } from '../services/catalog-signal';
import type { Outbox } from '../services/outbox';
import type { RenderedPage } from '../ssr/pages';
import type { Storage } from '../storage/storage';

/** What every procedure may use; built once per app and shared by all requests. */
export type AppDeps = RateLimiters & {
  db: Database;
  config: Config;
  storage: Storage;
  outbox: Outbox;
  /** Short-lived answers of the public catalogue reads (services/catalog-cache.ts). */
  catalogCache: CatalogCache;
  /** Server-rendered public pages, keyed by URL; cleared with `catalogCache` (ssr/pages.ts). */
  pageCache: CatalogCache<RenderedPage>;
  /**
   * The "catalogue changed" event across instances: every cache of what the shop shows
   * subscribes to it (the catalogue answer cache does in deps.ts).
   */
  catalogSignal: CatalogSignal;
  /**
   * Called once, after the commit, by every change to what the shop shows: product save and
   * delete, taxonomy writes, quotes and status changes that move stock, released holds.
   * Nothing else empties the catalogue caches, so logins, sign-ups and contact messages keep
   * them warm. Clears this instance at once; resolves once the other instances are notified.
   */
  catalogChanged: () => Promise<void>;
};

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
    // request.protocol follows X-Forwarded-Proto only from a proxy TRUST_PROXY names.
    const isSecure = deps.config.NODE_ENV === 'production' || req.protocol === 'https';
    const cookies = sessionCookies(res, isSecure);
    const token = req.cookies[SESSION_COOKIE];
    const session = token
      ? await failsAs(messages.sessionFailed, () => validateSessionToken(deps.db, token))
      : null;
    if (token && !session) cookies.clear();
    // A session extended past its half-life gets a cookie with the new expiry.
    if (token && session?.isExtended) cookies.set(token, session.expiresAt);
    return createContextInner(deps, { session, ip: req.ip, cookies });
  };
}
