import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { createConnectionGuard } from './connection-guard';
import * as schema from './schema';
import { SESSION_SETTINGS, sessionSettingsSql } from './session-settings';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Either the database or an open transaction: helpers that must join the caller's transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/**
 * drizzle/ of the nearest folder above this code: the project root both when running from
 * src/server/db and when bundled into dist/server (see docs/decisions/047-compiled-server.md).
 */
export const migrationsFolder = findMigrationsFolder(import.meta.dirname);

function findMigrationsFolder(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No drizzle/ migrations above ${start}`);
  }
}

/**
 * One connection per core of this machine, at least two. A query sent to an idle connection
 * wakes a sleeping backend, and its answer wakes this process; a connection already busy
 * takes the next query in the same stream (postgres-js pipelines), and its backend reads it
 * without sleeping. With PostgreSQL beside the store on a 2-core machine, uncached shop lists
 * under load (`npm run bench`'s scenario, warm) did about 1.3 times as many lists with 2
 * connections as with 4 (docs/decisions/046-stored-product-cards.md). DATABASE_POOL_SIZE
 * overrides it, e.g. for a database on its own machine with many more cores than the app.
 */
export const defaultPoolSize = () => Math.max(2, availableParallelism());

/**
 * After a lost or failed connection, postgres-js waits before connecting again, by default
 * longer after each failure (up to 20 s): queries sent meanwhile waited with it, so the store
 * stayed slow long after the database was back. The connection guard already keeps a
 * database that is away from being asked more than once at a time, so a short fixed pause
 * is enough: queries queued for a connection fail (or connect) 50 ms apart, and the
 * LISTEN connection, which retries on its own, tries 20 times a second without the network.
 */
const RECONNECT_DELAY_SECONDS = 0.05;

/**
 * A setting of no use but its size, sent with every connection's startup message so that
 * message is over 1 KB: postgres-js then writes it at once instead of from a setImmediate.
 * A connection that postgres-js 3.4.9 left holding unsent bytes (src/server/db/pg-sockets.ts)
 * sends them ahead of its next startup message, which the server refuses: one failed attempt,
 * after which the connection works again, instead of never connecting again.
 */
const STARTUP_PADDING = { 'tienda.startup_padding': '-'.repeat(1024) };

/** postgres-js's own connect timeout, for pools opened without one (tests, the bench). */
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

export type PoolOptions = {
  poolSize?: number;
  /** Startup of a connection (TCP, TLS, authentication) longer than this fails it. */
  connectTimeoutMs?: number;
  /**
   * The server cancels a statement of this pool running longer than this (statement_timeout
   * of its sessions). Unset: no limit, for pools of long jobs (the bench). A transaction that
   * needs longer raises it for itself (`set local statement_timeout`).
   */
  statementTimeoutMs?: number;
};

/**
 * How long a connection for long jobs stays open once unused: an import's preview and apply
 * come a minute or so apart; an instance that imports nothing keeps no extra backend.
 */
const LONG_JOBS_IDLE_SECONDS = 120;

/**
 * Connections for long jobs, opened only as they are needed: one for an apply's transaction,
 * and one so that a preview or a second apply meanwhile is not queued behind that transaction
 * (the second apply is refused at once by the apply's advisory lock).
 */
const LONG_JOBS_CONNECTIONS = 2;

/**
 * Per pool opened here on PostgreSQL, its connections for long jobs (see connectionForLongJobs),
 * made on first use and closed with the pool.
 */
const longJobConnections = new WeakMap<Database, () => Database>();

/**
 * Opens real Postgres when a URL is given, else the embedded PGlite ('memory://' or a folder).
 * `loadDataDir` fills an empty PGlite folder from a data-directory dump (a restore).
 */
export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string; loadDataDir?: Blob } & PoolOptions,
): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const connectTimeoutSeconds = (options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS) / 1000;
    const guard = createConnectionGuard(databaseUrl, connectTimeoutSeconds);
    // Names this pool's connections in pg_stat_activity, for poolUsage below.
    const applicationName = `tienda-${randomBytes(4).toString('hex')}`;
    const openClient = (max: number, name: string, idleTimeoutSeconds?: number) =>
      postgres(databaseUrl, {
        max,
        onnotice: () => {},
        connect_timeout: connectTimeoutSeconds,
        backoff: () => RECONNECT_DELAY_SECONDS,
        ...(idleTimeoutSeconds !== undefined && { idle_timeout: idleTimeoutSeconds }),
        connection: {
          application_name: name,
          ...(options.statementTimeoutMs !== undefined && {
            statement_timeout: options.statementTimeoutMs,
          }),
          ...SESSION_SETTINGS,
          ...STARTUP_PADDING,
        },
        // Documented in postgres-js's README ("Custom socket"), missing from its types.
        ...({ socket: guard.socket } as object),
      });
    const client = openClient(options.poolSize ?? defaultPoolSize(), applicationName);
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    // Another name than the pool's: poolUsage counts the pool's connections only.
    let longJobs: { client: postgres.Sql; db: Database } | undefined;
    longJobConnections.set(db, () => {
      if (!longJobs) {
        const longJobsClient = openClient(
          LONG_JOBS_CONNECTIONS,
          `${applicationName}-jobs`,
          LONG_JOBS_IDLE_SECONDS,
        );
        const longJobsDb = drizzlePostgres(longJobsClient, { schema }) as unknown as Database;
        longJobs = { client: longJobsClient, db: longJobsDb };
      }
      return longJobs.db;
    });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateTakingTurns(databaseUrl),
      close: async () => {
        guard.close();
        await Promise.all([client.end({ timeout: 5 }), longJobs?.client.end({ timeout: 5 })]);
      },
    };
  }
  const client = await createPglite(options.dataDir, options.loadDataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * A PGlite with the store's extensions and session settings (SESSION_SETTINGS): in memory
 * without `dataDir`, filled from a data-directory dump when `loadDataDir` is given.
 */
export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir });
  await client.exec(sessionSettingsSql());
  return client;
}

/**
 * Connections of their own, outside `db`'s pool, for work that holds a connection for seconds
 * (the catalogue import's reads and its apply's transaction): with the pool's few connections
 * (defaultPoolSize), one of them held for an import's whole apply and another by a quote
 * waiting for the import's rows left the shop, product pages and quotes queueing behind them
 * (docs/decisions/071-an-import-beside-the-store.md). At most LONG_JOBS_CONNECTIONS, with the
 * pool's statement timeout, each closed when unused for LONG_JOBS_IDLE_SECONDS. PGlite has one
 * connection by nature (and a `db` not opened by openDatabase, none of its own): `db` itself.
 */
export function connectionForLongJobs(db: Database): Database {
  return longJobConnections.get(db)?.() ?? db;
}

/** Any fixed number, the same in every instance: the key of the migration lock. */
const MIGRATION_LOCK_KEY = 72_616_002;

/**
 * Instances that start together would apply the same migrations at once and fail on each
 * other's CREATE statements. They take turns on a session advisory lock, held on a connection
 * of its own (the pool may be small), and migrate on that same connection: outside the pool,
 * so without its statement timeout (a migration may rewrite a large table). The later ones
 * find everything applied.
 */
async function migrateTakingTurns(databaseUrl: string) {
  const lock = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres(lock), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also when the unlock itself cannot run.
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => undefined);
    await lock.end({ timeout: 5 });
  }
}

/** The embedded PGlite behind `db`, or null when it is PostgreSQL. */
export function pgliteClientOf(db: Database): PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * The connection pool as /metrics reports it: the configured maximum and the connections busy
 * with a query right now (other than the one asking). PGlite is one connection, always held.
 */
export async function poolUsage(db: Database): Promise<{ max: number; inUse: number }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return { max: 1, inUse: 1 };
  const { options } = client as postgres.Sql;
  // Only PostgreSQL comes here, and postgres-js answers rows as an array.
  const [row] = (await db.execute<{ count: number }>(
    sql`select count(*)::int as count from pg_stat_activity
        where application_name = ${options.connection.application_name}
          and state <> 'idle' and pid <> pg_backend_pid()`,
  )) as { count: number }[];
  return { max: options.max, inUse: Number(row?.count ?? 0) };
}

export { schema };
