import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Config } from './config';
import type { Database } from './db/client';
import { createCatalogCache } from './services/catalog-cache';
import { createOutbox, type OutboxLog } from './services/outbox';
import { createS3Storage } from './storage/s3-storage';
import { createLocalStorage, type Storage } from './storage/storage';
import type { AppDeps } from './trpc/context';

/** Everything the app needs besides the database and config, built the one same way. */
export function createAppDeps(
  db: Database,
  config: Config,
  options: { catalogCacheTtlMs?: number; log?: OutboxLog } = {},
): AppDeps {
  return {
    db,
    config,
    storage: createStorage(config),
    outbox: createOutbox({ db, endpoint: config.FORM_ENDPOINT, log: options.log }),
    rateLimiter: new RateLimiterMemory({ points: config.AUTH_RATE_LIMIT, duration: 60 }),
    catalogCache: createCatalogCache({ ttlMs: options.catalogCacheTtlMs }),
  };
}

/** Local disk unless STORAGE=s3 (config.ts has checked that every S3 variable is set). */
function createStorage(config: Config): Storage {
  if (config.STORAGE === 'local') return createLocalStorage(config.UPLOADS_DIR);
  return createS3Storage({
    endpoint: config.S3_ENDPOINT!,
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    publicUrl: config.S3_PUBLIC_URL,
  });
}
