import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatalogCache } from '@server/services/catalog/catalog-cache';

const answer = (body: string) => ({ status: 200, headers: {}, body });

describe('catalogue cache', () => {
  it('keeps an answer until cleared', () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    cache.set('a', answer('1'), cache.begin());
    expect(cache.get('a')?.body).toBe('1');
    expect(cache.get('b')).toBeUndefined();
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops an answer whose load a clear overtook', () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    const startedAt = cache.begin();
    cache.clear();
    cache.set('a', answer('stale'), startedAt);
    expect(cache.get('a')).toBeUndefined();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires answers after the TTL, and keeps nothing with a TTL of 0', () => {
    vi.useFakeTimers();
    const cache = createCatalogCache({ ttlMs: 2_000 });
    cache.set('a', answer('1'), cache.begin());
    vi.advanceTimersByTime(1_999);
    expect(cache.get('a')?.body).toBe('1');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();

    const off = createCatalogCache({ ttlMs: 0 });
    off.set('a', answer('1'), off.begin());
    expect(off.get('a')).toBeUndefined();
  });

  it('keeps at most 1,000 answers, dropping the oldest first', () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    const keys = Array.from(
      { length: 1_001 },
      (_, index) => `/api/trpc/catalog.list?page=${index}`,
    );
    for (const key of keys) cache.set(key, answer(key), cache.begin());
    const kept = keys.filter((key) => cache.get(key) !== undefined);
    expect(kept.length).toBeLessThanOrEqual(1_000);
    expect(kept).not.toContain(keys[0]);
    expect(kept).toContain(keys[1_000]);
  });

  it('counts hits and misses for the hit ratio of /metrics', () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    cache.get('a');
    cache.set('a', answer('1'), cache.begin());
    cache.get('a');
    cache.get('a');
    cache.get('b');
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
  });
});

describe('a full cache', () => {
  it('makes room by dropping the least recently used answer, not the oldest', () => {
    const cache = createCatalogCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) cache.set(key, answer(key), cache.begin());
    expect(cache.get('a')).toBeDefined(); // 'a' is now the most recently used
    cache.set('d', answer('d'), cache.begin());
    expect(cache.get('b'), 'the least recently used').toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key)?.body)).toEqual(['a', 'c', 'd']);
  });
});
