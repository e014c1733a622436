import type { Config } from './config';
import type { Database } from './db/client';
import { createRateLimiters } from './rate-limits';
import { createCatalogCache } from './services/catalog-cache';
import { createMailSender } from './mail/mailer';
import { type StoreIdentity, storeIdentityOf } from './mail/store-identity';
import { createCatalogSignal } from './services/catalog-signal';
import { IMPORT_SETTINGS, type ImportSettings } from './services/catalog-csv/import-apply';
import { createOutbox, type OutboxLog } from './services/outbox';
import type { RenderedPage } from './ssr/pages';
import { createS3Storage } from './storage/s3-storage';
import { createLocalStorage, type Storage } from './storage/storage';

/** What every procedure may use; built once per app and shared by all requests. */
export type AppDeps = RateLimiters & {
  db: Database;
  /** Where 'now' comes from (clock.ts); tests move it instead of sleeping. */
  clock: Clock;
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
  /** The store's name, logo and contact for mails (mail/store-identity.ts). */
  storeIdentity: () => Promise<StoreIdentity>;
  /** The catalogue import's file limits and write batch; tests make them small. */
  catalogImport: ImportSettings;
};

import type { CatalogCache } from './services/catalog-cache';
import type { CatalogSignal } from './services/catalog-signal';
import type { Outbox } from './services/outbox';
import { type Clock, systemClock } from './clock';
import type { RateLimiters } from './rate-limits';

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
      endpoint: config.FORM_ENDPOINT,
      sendMail: config.SMTP_URL
        ? createMailSender({
            smtpUrl: config.SMTP_URL,
            from: config.MAIL_FROM,
            documents: { db, config, storage, clock },
          })
        : undefined,
      log: options.log,
      leaseSeconds: options.outboxLeaseSeconds,
    }),
    ...createRateLimiters(config, db),
    catalogCache,
    catalogSignal,
    pageCache,
    // The one signal every change to what the shop shows goes through (see AppDeps).
    catalogChanged: () => catalogSignal.announce(),
    storeIdentity: () => storeIdentityOf({ config, db }),
    catalogImport: options.catalogImport ?? IMPORT_SETTINGS,
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
