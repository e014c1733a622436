import type { Config } from './config';
import type { Database } from './db/client';
import { createRateLimiters } from './rate-limits';
import { createCatalogCache } from './services/catalog-cache';
import { createMailSender } from './mail/mailer';
import { createCatalogSignal } from './services/catalog-signal';
import { createOutbox, type OutboxLog } from './services/outbox';
import type { RenderedPage } from './ssr/pages';
import { createS3Storage } from './storage/s3-storage';
import { createLocalStorage, type Storage } from './storage/storage';
import type { AppDeps } from './trpc/context';

/** Everything the app needs besides the database and config, built the one same way. */
export function createAppDeps(
  db: Database,
  config: Config,
  options: { catalogCacheTtlMs?: number; outboxLeaseSeconds?: number; log?: OutboxLog } = {},
): AppDeps {
  const catalogCache = createCatalogCache({ ttlMs: options.catalogCacheTtlMs });
  const catalogSignal = createCatalogSignal(db, options.log);
  catalogSignal.subscribe(() => catalogCache.clear());
  // Rendered pages show catalogue and blog data: whatever clears the answers clears them too.
  const pageCache = createCatalogCache<RenderedPage>({ ttlMs: options.catalogCacheTtlMs });
  catalogCache.onClear(() => pageCache.clear());
  return {
    db,
    config,
    storage: createStorage(config),
    outbox: createOutbox({
      db,
      endpoint: config.FORM_ENDPOINT,
      sendMail: config.SMTP_URL
        ? createMailSender({
            smtpUrl: config.SMTP_URL,
            from: config.MAIL_FROM,
            db,
            store: storeContactOf(config),
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
  };
}

export const storeContactOf = (config: Config) => ({
  email: config.CONTACT_EMAIL,
  phone: config.CONTACT_PHONE,
  address: config.CONTACT_ADDRESS,
});

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
