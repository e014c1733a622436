/**
 * A short-lived cache of the storefront's public catalogue answers (see
 * http/catalog-response-cache.ts). Shop pages, product pages and the featured list are asked
 * for again and again with the same URL; answering those from memory for a couple of seconds
 * takes the database and tRPC's request handling off the hot path.
 *
 * Freshness: every change to what the shop shows clears it through AppDeps' catalogChanged
 * (docs/decisions/006-catalogue-answer-cache.md), so this process never shows data older
 * than its own last write; other instances clear on the signal (services/catalog-signal.ts).
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
  set(key: string, answer: Answer, startedAt: number): void;
  clear(): void;
  /** Runs `listener` on every clear: caches derived from the catalogue follow this one. */
  onClear(listener: () => void): void;
  /** Lookups since start, for /metrics' hit ratio. */
  readonly stats: { hits: number; misses: number };
};

const TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

export function createCatalogCache<Answer extends CachedAnswer = CachedAnswer>(
  options: { ttlMs?: number } = {},
): CatalogCache<Answer> {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const entries = new Map<string, { expiresAt: number; answer: Answer }>();
  let generation = 0;
  const stats = { hits: 0, misses: 0 };
  const clearListeners: (() => void)[] = [];

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now()) {
        stats.hits++;
        return entry.answer;
      }
      if (entry) entries.delete(key);
      stats.misses++;
      return undefined;
    },
    begin: () => generation,
    set(key, answer, startedAt) {
      if (ttlMs <= 0 || startedAt !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { expiresAt: Date.now() + ttlMs, answer });
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
