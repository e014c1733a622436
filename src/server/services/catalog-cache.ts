/**
 * A short-lived cache of the storefront's public reads. Shop pages, product pages and the
 * featured list are asked for again and again with the same inputs; answering those from
 * memory for a couple of seconds takes the database off the hot path.
 *
 * Freshness: any successful tRPC mutation and any admin product save clears it (see
 * trpc/init.ts and http/product-uploads.ts), so this process never shows data older than
 * its own last write. Other processes behind a load balancer see a change within TTL_MS.
 */
export type CatalogCache = {
  /** The cached answer for `key`, or `load()`'s (shared by concurrent callers). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
};

const TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

export function createCatalogCache(options: { ttlMs?: number } = {}): CatalogCache {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  // A load that started before a clear() must not store what it read.
  let generation = 0;

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      if (ttlMs <= 0) return load();

      const startedIn = generation;
      const value = load();
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { expiresAt: now + ttlMs, value });
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(() => {
        if (generation !== startedIn) forget();
      }, forget);
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
