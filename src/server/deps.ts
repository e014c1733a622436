import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Config } from './config';
import type { Database } from './db/client';
import { createCatalogCache } from './services/catalog-cache';
import { createOutbox } from './services/outbox';
import { createLocalStorage } from './storage/storage';
import type { AppDeps } from './trpc/context';

/** Everything the app needs besides the database and config, built the one same way. */
export function createAppDeps(
  db: Database,
  config: Config,
  options: { catalogCacheTtlMs?: number; log?: Parameters<typeof createOutbox>[0]['log'] } = {},
): AppDeps {
  return {
    db,
    config,
    storage: createLocalStorage(config.UPLOADS_DIR),
    outbox: createOutbox({ db, endpoint: config.FORM_ENDPOINT, log: options.log }),
    rateLimiter: new RateLimiterMemory({ points: config.AUTH_RATE_LIMIT, duration: 60 }),
    catalogCache: createCatalogCache({ ttlMs: options.catalogCacheTtlMs }),
  };
}
