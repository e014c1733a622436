// queryPreparedRows keeps one plan per statement: named prepared statements on PostgreSQL,
// PREPARE / EXECUTE with literal arguments on PGlite. Whatever the way, the values must arrive
// exactly as given.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPreparedRows } from '@server/db/client';
import { createTestDatabase, type TestDatabase } from '../support/db';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const echo = (value: string) => sql`select ${value}::text as value, length(${value}) as length`;

describe('queryPreparedRows', () => {
  it('passes text with quotes, backslashes and SQL in it through unchanged', async () => {
    const values = [
      "O'Reilly",
      String.raw`C:\temp\new`,
      String.raw`\'); drop table products; --`,
      "''",
      String.raw`\\`,
      'ñandú — “comillas”',
      '',
    ];
    for (const value of values) {
      const [row] = await queryPreparedRows<{ value: string; length: number }>(
        database.db,
        echo(value),
      );
      expect(row).toEqual({ value, length: value.length });
    }
    const [products] = await queryPreparedRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from information_schema.tables where table_name = ${'products'}`,
    );
    expect(products?.count).toBe(1);
  });

  it('reuses one statement for many calls, also when they arrive together', async () => {
    const values = Array.from({ length: 20 }, (_, i) => `valor ${i}`);
    const rows = await Promise.all(
      values.map((value) =>
        queryPreparedRows<{ value: string }>(database.db, sql`select ${value}::text as value`),
      ),
    );
    expect(rows.map(([row]) => row?.value)).toEqual(values);
  });

  it('runs a query with other kinds of values too', async () => {
    const [row] = await queryPreparedRows<{ sum: number }>(
      database.db,
      sql`select (${2}::int + ${3}::int) as sum`,
    );
    expect(row?.sum).toBe(5);
  });
});
