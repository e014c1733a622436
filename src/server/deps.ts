import type { Config } from './config';
import type { Database } from './db/client';
import { createRateLimiters } from './rate-limits';
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
  const catalogCache = createCatalogCache({ ttlMs: options.catalogCacheTtlMs });
  return {
    db,
    config,
    storage: createLocalStorage(config.UPLOADS_DIR),
    outbox: createOutbox({ db, endpoint: config.FORM_ENDPOINT, log: options.log }),
    ...createRateLimiters(config),
    catalogCache,
    // The one signal every change to what the shop shows goes through (see AppDeps).
    catalogChanged: () => catalogCache.clear(),
  };
}
