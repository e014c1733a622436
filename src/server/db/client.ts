import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type ExtractTablesWithRelations, Param, SQL, sql, StringChunk } from 'drizzle-orm';
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgTransaction,
} from 'drizzle-orm/pg-core';
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

/** Runs raw SQL and returns its rows: postgres-js answers an array, PGlite `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const dialect = new PgDialect();

/**
 * Whether every value bound into `query` is a finite number. Reads drizzle's chunks instead of
 * building the text (a build is most of drizzle's cost per query); anything but text, nested
 * SQL and numbers (a string, a column, a placeholder) answers no.
 */
function bindsOnlyNumbers(chunks: readonly unknown[]): boolean {
  return chunks.every((chunk) => {
    if (chunk instanceof StringChunk) return true;
    if (chunk instanceof SQL) return bindsOnlyNumbers(chunk.queryChunks);
    const value = chunk instanceof Param ? (chunk.value as unknown) : chunk;
    return typeof value === 'number' && Number.isFinite(value);
  });
}

/**
 * queryRows for a query planned on every call, in one round trip when it can. postgres-js
 * sends an unnamed statement with parameters in two (Parse and Describe, to learn the
 * parameters' types, then Bind and Execute), each a socket write and a wake-up on both sides;
 * without parameters, in one. So when every parameter is a number (ids, limits, cents, all
 * checked by the input's schema) they are written into the text as literals; a query with any
 * other parameter (a search term) keeps them as parameters.
 */
export async function queryRowsInOneTrip<T>(db: Executor, query: SQL): Promise<T[]> {
  return queryRows<T>(db, bindsOnlyNumbers(query.queryChunks) ? query.inlineParams() : query);
}

/** The text and parameters of the statements made with constantQuery, built once. */
const builtConstants = new WeakMap<SQL, { sql: string; params: unknown[] }>();

/**
 * A statement with nothing per call in it, such as the store profile's read that every
 * rendered page makes: queryPreparedRows then reuses its text instead of having drizzle build
 * it again (about 50 µs for that one, which names ten columns). Never append to it after.
 */
export function constantQuery(query: SQL): SQL {
  builtConstants.set(query, dialect.sqlToQuery(query));
  return query;
}

/**
 * queryRows as a named prepared statement on PostgreSQL: each connection parses and plans the
 * text once, then reuses that plan for any values (a plan takes longer to make than a lookup
 * by key takes to run). Only for queries whose best plan does not depend on the values, such
 * as lookups by primary or unique key: a filter whose selectivity varies needs a fresh plan
 * per call (queryRows). In a transaction it runs as queryRows does.
 */
export async function queryPreparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client === undefined) return queryRows<T>(db, query);
  const { sql: text, params } = builtConstants.get(query) ?? dialect.sqlToQuery(query);
  if (client instanceof PGlite) {
    return params.every(isLiteralParam)
      ? executePreparedOnPglite<T>(client, text, params)
      : queryRows<T>(db, query);
  }
  const rows = await (client as postgres.Sql).unsafe(text, params as never[], { prepare: true });
  return rows as unknown as T[];
}

/** A parameter EXECUTE can take as a literal: text, or a finite number (an id, a limit). */
const isLiteralParam = (param: unknown): param is string | number =>
  typeof param === 'string' || (typeof param === 'number' && Number.isFinite(param));

/** Per PGlite instance, the statements PREPAREd in its session (or being prepared). */
const preparedOnPglite = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * PGlite's query() parses and plans every call (an unnamed statement): for the card query
 * that planning took longer than running it. A statement PREPAREd once in PGlite's one
 * session and run with EXECUTE keeps its plan (the shop's uncached list: 255 → 318 lists/s).
 * EXECUTE takes its arguments as SQL literals, not bind parameters, so only text and finite
 * numbers come here: text as escape-string literals (E'…', quotes and backslashes doubled:
 * read the same whatever standard_conforming_strings says), numbers as written by String().
 */
async function executePreparedOnPglite<T>(
  client: PGlite,
  text: string,
  params: (string | number)[],
): Promise<T[]> {
  const name = `prepared_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  const prepared = preparedOnPglite.get(client) ?? new Map<string, Promise<unknown>>();
  preparedOnPglite.set(client, prepared);
  // The promise, not a flag: two requests arriving together must not both PREPARE the name.
  if (!prepared.has(name)) {
    const preparing = client.exec(`prepare ${name} as ${text}`);
    prepared.set(name, preparing);
    preparing.catch(() => prepared.delete(name));
  }
  await prepared.get(name);
  const literals = params.map((param) =>
    typeof param === 'number'
      ? String(param)
      : `E'${param.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`,
  );
  // A statement without parameters is run as `execute name`: an empty list is a syntax error.
  const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
  return (await client.query<T>(`execute ${name}${args}`)).rows;
}

/**
 * The connection pool as /metrics reports it: the configured maximum and the connections busy
 * with a query right now (other than the one asking). PGlite is one connection, always held.
 */
export async function poolUsage(db: Database): Promise<{ max: number; inUse: number }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return { max: 1, inUse: 1 };
  const { options } = client as postgres.Sql;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from pg_stat_activity
        where application_name = ${options.connection.application_name}
          and state <> 'idle' and pid <> pg_backend_pid()`,
  );
  return { max: options.max, inUse: Number(row?.count ?? 0) };
}

/** Postgres error code of a failed query, looking through drizzle's wrapping. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint or index a failed write broke, looking through drizzle's wrapping. */
export function pgConstraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    // postgres-js names it constraint_name, PGlite (pg-protocol) constraint.
    const { constraint_name: name, constraint } = current as {
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (typeof name === 'string') return name;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL aborted the transaction as a deadlock's victim, or as a serialization failure. */
const PG_RETRYABLE = new Set(['40P01', '40001']);

/**
 * Transactions transactionRetried ran again in this process, by SQLSTATE: /metrics reports
 * them (`db_transactions_retried_total`). Above zero means some writer broke the lock order.
 */
export const retriedTransactions = new Map<string, number>();

/**
 * db.transaction, run once more when PostgreSQL aborted it with 40P01 (deadlock detected) or
 * 40001 (serialization failure): the whole transaction, from its first statement. A safety
 * net only: the stock writers take their locks in one order (services/catalog/stock-locks.ts,
 * docs/decisions/048-one-lock-order-for-stock.md), so neither should happen. `beforeRetry`
 * undoes what the failed attempt did outside the database (files it wrote).
 */
export async function transactionRetried<T>(
  db: Database,
  run: (tx: Transaction) => Promise<T>,
  options: { beforeRetry?: () => Promise<void> } = {},
): Promise<T> {
  try {
    return await db.transaction(run);
  } catch (error) {
    const code = pgErrorCode(error) ?? '';
    if (!PG_RETRYABLE.has(code)) throw error;
    retriedTransactions.set(code, (retriedTransactions.get(code) ?? 0) + 1);
    await options.beforeRetry?.();
    return db.transaction(run);
  }
}

export { schema };
