/**
 * A cache of the storefront's public catalogue answers (see http/catalog-response-cache.ts)
 * and of rendered pages (ssr/pages.ts). Shop pages, product pages and the featured list are
 * asked for again and again with the same URL; answering those from memory takes the database,
 * tRPC and React off the hot path.
 *
 * Freshness: every change to what the shop shows clears it through AppDeps' catalogChanged
 * (docs/decisions/006-catalogue-answer-cache.md), in this process at once and in the others
 * through the catalogue signal (services/catalog/catalog-signal.ts). So answers are kept until a change,
 * not for a short time; the lifetime is only a safety net, and the least recently used answer
 * makes room when the cache is full.
 */
export type CachedAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body compressed per encoding, made at the first request that asks for it. */
  compressed?: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
};

/** `Answer`: what one cache keeps, a CachedAnswer with whatever its user adds to it. */
export type CatalogCache<Answer extends CachedAnswer = CachedAnswer> = {
  get(key: string): Answer | undefined;
  /** Marks the start of a load; `set` ignores answers whose load a `clear` overtook. */
  begin(): number;
  /** Keeps the answer; false when it was not kept (caches off, or a `clear` overtook its load). */
  set(key: string, answer: Answer, startedAt: number): boolean;
  clear(): void;
  /** Runs `listener` on every clear: caches derived from the catalogue follow this one. */
  onClear(listener: () => void): void;
  /** Lookups since start, for /metrics' hit ratio. */
  readonly stats: { hits: number; misses: number };
};

/** How long an answer is kept when no change clears it first (CATALOG_CACHE_TTL_SECONDS). */
export const DEFAULT_CACHE_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 1_000;

export function createCatalogCache<Answer extends CachedAnswer = CachedAnswer>(
  options: { ttlMs?: number; maxEntries?: number } = {},
): CatalogCache<Answer> {
  const ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, { expiresAt: number; answer: Answer }>();
  let generation = 0;
  const stats = { hits: 0, misses: 0 };
  const clearListeners: (() => void)[] = [];

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now()) {
        stats.hits++;
        // Most recently used last: the first entry is the one to evict.
        entries.delete(key);
        entries.set(key, entry);
        return entry.answer;
      }
      if (entry) entries.delete(key);
      stats.misses++;
      return undefined;
    },
    begin: () => generation,
    set(key, answer, startedAt) {
      if (ttlMs <= 0 || startedAt !== generation) return false;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { expiresAt: Date.now() + ttlMs, answer });
      return true;
    },
    clear() {
      generation += 1;
      entries.clear();
      for (const listener of clearListeners) listener();
    },
    onClear(listener) {
      clearListeners.push(listener);
    },
    stats,
  };
}
