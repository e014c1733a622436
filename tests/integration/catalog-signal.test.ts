// The "catalogue changed" event across instances: a change announced through one instance
// clears the caches of another within a second; a notification missed while disconnected
// still clears (the version moved); an answer computed before a remote change is not kept.
// On PostgreSQL the two instances use two pools (two listening connections); on PGlite both
// share the one in-process database, where LISTEN/NOTIFY works the same way.
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '@server/db/client';
import { createCatalogCache } from '@server/services/catalog/catalog-cache';
import { type CatalogSignal, createCatalogSignal } from '@server/services/catalog/catalog-signal';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let secondPool: DatabaseHandle | undefined;
let secondDb: Database;
const signals: CatalogSignal[] = [];

beforeAll(async () => {
  if (world.database.url) {
    secondPool = await openDatabase({ databaseUrl: world.database.url, dataDir: '', poolSize: 2 });
  }
  secondDb = secondPool?.db ?? world.db;
});
afterAll(async () => {
  await Promise.all(signals.map((signal) => signal.stop()));
  await secondPool?.close();
});

/** An instance's signal with a counter of the clears its subscribers saw. */
async function instance(db: Database) {
  const signal = createCatalogSignal(db);
  signals.push(signal);
  const seen = { clears: 0 };
  signal.subscribe(() => seen.clears++);
  await signal.listen();
  return { signal, seen };
}

describe('catalogue signal across instances', () => {
  it('clears every subscriber of the other instance within a second of an announcement', async () => {
    const a = await instance(world.db);
    // Listens on A's connection after A: it hears each notification once A has handled it.
    const witnessOfA = await instance(world.db);
    const b = await instance(secondDb);
    const cacheOfB = createCatalogCache();
    b.signal.subscribe(() => cacheOfB.clear());
    cacheOfB.set(
      '/trpc/catalog.list',
      { status: 200, headers: {}, body: 'viejo' },
      cacheOfB.begin(),
    );

    await a.signal.announce();
    // This instance cleared at once, before the announcement resolved.
    expect(a.seen.clears).toBe(1);
    await expect.poll(() => b.seen.clears, { timeout: 1_000, interval: 20 }).toBe(1);
    expect(cacheOfB.get('/trpc/catalog.list')).toBeUndefined();
    // An instance does not clear twice for its own announcement.
    await expect.poll(() => witnessOfA.seen.clears, { timeout: 1_000, interval: 20 }).toBe(1);
    expect(a.seen.clears).toBe(1);
  });

  it('drops an answer computed before another instance announced a change', async () => {
    const a = await instance(world.db);
    const b = await instance(secondDb);
    const cacheOfB = createCatalogCache();
    b.signal.subscribe(() => cacheOfB.clear());

    const startedAt = cacheOfB.begin();
    await a.signal.announce();
    await expect.poll(() => b.seen.clears, { timeout: 1_000, interval: 20 }).toBe(1);
    cacheOfB.set('/trpc/catalog.list', { status: 200, headers: {}, body: 'viejo' }, startedAt);
    expect(cacheOfB.get('/trpc/catalog.list')).toBeUndefined();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'clears after a reconnect when a change was announced while it was not listening',
    async () => {
      const b = await instance(secondDb);
      // A change whose notification B never hears: the version moves without a NOTIFY.
      await world.db.execute(sql`select nextval('catalog_version')`);
      expect(b.seen.clears).toBe(0);

      // B's listening connection drops; postgres-js reconnects it and listens again.
      const client = (secondDb as unknown as { $client: postgres.Sql }).$client;
      const name = client.options.connection.application_name as string;
      await world.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${name} and query ilike 'listen%'`,
      );
      await expect.poll(() => b.seen.clears, { timeout: 10_000, interval: 50 }).toBe(1);
    },
  );
});
