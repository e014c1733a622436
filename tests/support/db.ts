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
  /** The database's own URL on PostgreSQL runs: a second pool (another instance) can open it. */
  url?: string;
  close(): Promise<void>;
};

/** A new, empty database on the server of `serverUrl`; `drop` removes it again. */
export async function createEmptyPostgresDatabase(serverUrl: string) {
  const name = `tienda_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create({
      loadDataDir: await migratedPgliteDump(),
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzle(client, { schema }) as unknown as Database;
    return { db, kind: 'pglite', close: () => client.close() };
  }
  const created = await createEmptyPostgresDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: '', poolSize: 20 });
  await handle.migrate();
  return {
    db: handle.db,
    kind: 'postgres',
    url: created.url,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}
