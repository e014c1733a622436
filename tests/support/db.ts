// A fresh, migrated database per test file: in-memory PGlite by default, or a new database
// on the Postgres server named by DATABASE_URL (CI runs the suite both ways).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase, schema } from '@server/db/client';

/** The migrated data directory of this run (database-template.ts), read once per file. */
let pgliteTemplate: Promise<Blob> | undefined;
const migratedPgliteDump = () =>
  (pgliteTemplate ??= readFile(inject('pgliteTemplateFile')).then((bytes) => new Blob([bytes])));

export type TestDatabase = {
  db: Database;
  kind: DatabaseHandle['kind'];
  /** The database's own URL on PostgreSQL runs: a second pool (another instance) can open it. */
  url?: string;
  close(): Promise<void>;
};

/**
 * A new database on the server of `serverUrl`, empty or a copy of `template`; `drop` removes
 * it again.
 */
export async function createPostgresDatabase(serverUrl: string, template?: string) {
  const name = `tienda_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
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
  const created = await createPostgresDatabase(serverUrl, inject('postgresTemplate'));
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: '', poolSize: 20 });
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
