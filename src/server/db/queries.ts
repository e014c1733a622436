// Raw SQL through drizzle, and the ways to send it in fewer round trips or plans: the
// readers of hot paths (cards, the store profile) come here instead of building queries twice.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type postgres from 'postgres';
import type { Executor } from './client';

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
