// A fresh, migrated database per test file: in-memory PGlite by default, or a new database
// on the Postgres server named by DATABASE_URL (CI runs the suite both ways).
import { drizzle } from 'drizzle-orm/pglite';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import {
  createPglite,
  type Database,
  type DatabaseHandle,
  openDatabase,
  schema,
} from '@server/db/client';
import { createPostgresDatabase } from './postgres-database';

export { createPostgresDatabase };

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

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const client = await createPglite(undefined, await migratedPgliteDump());
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
