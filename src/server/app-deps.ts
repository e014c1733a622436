// What every procedure, route, page and job receives: types only, so that a module which takes
// the dependencies never imports what builds them (deps.ts, the wiring).
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { StoreIdentity } from './mail/store-identity';
import type { RateLimiters } from './rate-limits';
import type { CatalogCache } from './services/catalog/catalog-cache';
import type { CatalogSignal } from './services/catalog/catalog-signal';
import type { ImportSettings } from './services/catalog/csv/import-apply';
import type { Outbox } from './services/infra/outbox';
import type { CfeProvider } from './services/invoicing/provider';
import type { Storage } from './storage/storage';
import type { RenderedPage } from './ssr/rendered-page';

/** What every procedure may use; built once per app (deps.ts) and shared by all requests. */
export type AppDeps = RateLimiters & {
  db: Database;
  /** Where 'now' comes from (clock.ts); tests move it instead of sleeping. */
  clock: Clock;
  config: Config;
  storage: Storage;
  outbox: Outbox;
  /** Short-lived answers of the public catalogue reads (services/catalog/catalog-cache.ts). */
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
  /** The certified provider of fiscal documents, CFE_PROVIDER's (services/invoicing). */
  cfeProvider: CfeProvider;
};
