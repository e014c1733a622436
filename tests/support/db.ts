// A fresh, migrated database per test file: in-memory PGlite by default, or a new database
// on the Postgres server named by DATABASE_URL (CI runs the suite both ways).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import { type Database, type DatabaseHandle, openDatabase, schema } from '@server/db/client';

let pgliteTemplate: Promise<File | Blob> | undefined;

/** Migrating PGlite takes seconds: do it once per worker and clone the data directory. */
function migratedPgliteDump() {
  pgliteTemplate ??= (async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await handle.close();
    return dump;
  })();
  return pgliteTemplate;
}

export type TestDatabase = {
  db: Database;
  kind: DatabaseHandle['kind'];
  /** The PostgreSQL database's URL, for a server process started by the test. */
  url?: string;
  close(): Promise<void>;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = await PGlite.create({
      loadDataDir: await migratedPgliteDump(),
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzle(client, { schema }) as unknown as Database;
    return { db, kind: 'pglite', close: () => client.close() };
  }
  const name = `tienda_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: testUrl.toString(), dataDir: '', poolSize: 20 });
  await handle.migrate();
  return {
    db: handle.db,
    kind: 'postgres',
    url: testUrl.toString(),
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
