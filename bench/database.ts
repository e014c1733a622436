// Fresh, migrated databases for one bench run: embedded PGlite always, and a new database on
// the Postgres server named by DATABASE_URL when it is set (dropped again at the end).
import { type Database, type DatabaseHandle, openDatabase } from '../src/server/db/client';
import postgres from 'postgres';

export type BenchDatabase = {
  kind: DatabaseHandle['kind'];
  db: Database;
  /** PostgreSQL only: where a second instance connects. */
  url?: string;
  /** Copied from a kept bench database (BENCH_TEMPLATE): its catalogue is already there. */
  isSeeded?: boolean;
  close(): Promise<void>;
};

async function openPglite(): Promise<BenchDatabase> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  return { kind: 'pglite', db: handle.db, close: () => handle.close() };
}

async function openPostgres(url: string): Promise<BenchDatabase> {
  const name = `tienda_bench_${process.pid}_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  // BENCH_TEMPLATE=<a kept bench database> copies it (15 s at 300,000 products, against
  // minutes of seeding) for rows that only read the catalogue; nothing may be connected to it.
  const template = process.env.BENCH_TEMPLATE;
  await admin.unsafe(`create database ${name}${template ? ` template "${template}"` : ''}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: benchUrl.toString(),
    dataDir: '',
  });
  await handle.migrate();
  return {
    kind: 'postgres',
    db: handle.db,
    url: benchUrl.toString(),
    isSeeded: Boolean(template),
    async close() {
      await handle.close();
      // BENCH_KEEP_DATABASE=1 (`--keep-database`) leaves it for EXPLAIN by hand; drop it after.
      if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${name}`);
      else await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The databases to measure, opened one at a time so only one holds the machine. BENCH_ONLY=pglite
 * or BENCH_ONLY=postgres measures one of them (PGlite's 100,000-order seed alone takes minutes).
 */
export function benchDatabases(
  databaseUrl: string | undefined,
  only = process.env.BENCH_ONLY,
): (() => Promise<BenchDatabase>)[] {
  const openers: Record<string, () => Promise<BenchDatabase>> = { pglite: openPglite };
  if (databaseUrl) openers.postgres = () => openPostgres(databaseUrl);
  return Object.entries(openers)
    .filter(([kind]) => !only || kind === only)
    .map(([, open]) => open);
}
