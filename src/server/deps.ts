import type { AppDeps } from './app-deps';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createRateLimiters } from './rate-limits';
import { createCatalogCache } from './services/catalog/catalog-cache';
import { createMailSender } from './mail/mailer';
import { storeIdentityOf } from './mail/store-identity';
import { createCatalogSignal } from './services/catalog/catalog-signal';
import { IMPORT_SETTINGS, type ImportSettings } from './services/catalog/csv/import-apply';
import { createOutbox, type OutboxLog } from './services/infra/outbox';
import { createCfeProvider } from './services/invoicing/providers';
import type { RenderedPage } from './ssr/rendered-page';
import { createS3Storage } from './storage/s3-storage';
import { createLocalStorage, type Storage } from './storage/storage';

const PAGE_CACHE_ENTRIES = 500;

/** Everything the app needs besides the database and config, built the one same way. */
export function createAppDeps(
  db: Database,
  config: Config,
  options: {
    catalogCacheTtlMs?: number;
    outboxLeaseSeconds?: number;
    log?: OutboxLog;
    clock?: Clock;
    catalogImport?: ImportSettings;
  } = {},
): AppDeps {
  const ttlMs = options.catalogCacheTtlMs ?? config.CATALOG_CACHE_TTL_SECONDS * 1000;
  const catalogCache = createCatalogCache({ ttlMs });
  const catalogSignal = createCatalogSignal(db, options.log);
  catalogSignal.subscribe(() => catalogCache.clear());
  // Rendered pages show catalogue and blog data: whatever clears the answers clears them too.
  // A page weighs tens of KB with its compressed bodies: fewer of them than JSON answers.
  const pageCache = createCatalogCache<RenderedPage>({ ttlMs, maxEntries: PAGE_CACHE_ENTRIES });
  catalogCache.onClear(() => pageCache.clear());
  const clock = options.clock ?? systemClock;
  const storage = createStorage(config);
  return {
    db,
    clock,
    config,
    storage,
    outbox: createOutbox({
      db,
      clock,
      endpoint: config.FORM_ENDPOINT,
      sendMail: config.SMTP_URL
        ? createMailSender({
            smtpUrl: config.SMTP_URL,
            from: config.MAIL_FROM,
            documents: { db, config, storage, clock },
            connections: config.SMTP_CONNECTIONS,
          })
        : undefined,
      log: options.log,
      leaseSeconds: options.outboxLeaseSeconds,
      concurrency: config.SMTP_CONNECTIONS,
    }),
    ...createRateLimiters(config, db),
    catalogCache,
    catalogSignal,
    pageCache,
    // The one signal every change to what the shop shows goes through (see AppDeps).
    catalogChanged: () => catalogSignal.announce(),
    storeIdentity: () => storeIdentityOf({ config, db }),
    catalogImport: options.catalogImport ?? IMPORT_SETTINGS,
    cfeProvider: createCfeProvider(config, db, clock),
  };
}

/** Local disk unless STORAGE=s3 (config.ts has checked that every S3 variable is set). */
export function createStorage(config: Config): Storage {
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
