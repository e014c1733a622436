import { describe, expect, it } from 'vitest';
import { createCatalogCache } from '@server/services/catalog-cache';

describe('catalogue cache', () => {
  it('answers a repeated read from memory until cleared', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('a', load)).toBe(1);
    expect(await cache.read('a', load)).toBe(1);
    expect(await cache.read('b', load)).toBe(2);
    cache.clear();
    expect(await cache.read('a', load)).toBe(3);
  });

  it('shares one load between concurrent readers', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    const answers = await Promise.all([cache.read('k', load), cache.read('k', load)]);
    expect(answers).toEqual([1, 1]);
  });

  it('does not keep failures, nor a load that a clear overtook', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    await expect(cache.read('x', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.read('x', async () => 'ok')).toBe('ok');

    let release: (value: string) => void = () => {};
    const slow = cache.read('y', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.read('y', async () => 'fresh')).toBe('fresh');
  });

  it('expires entries after the TTL', async () => {
    const cache = createCatalogCache({ ttlMs: 5 });
    let loads = 0;
    await cache.read('k', async () => ++loads);
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(await cache.read('k', async () => ++loads)).toBe(2);
  });
});
