// queryPreparedRows keeps one plan per statement: named prepared statements on PostgreSQL,
// PREPARE / EXECUTE with literal arguments on PGlite. queryRowsInOneTrip writes numbers into
// the text. Whatever the way, the values must arrive exactly as given.
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { constantQuery, queryPreparedRows, queryRowsInOneTrip } from '@server/db/queries';
import { pgliteClientOf } from '@server/db/client';
import { useTestApp } from '../support/test-app';

const world = useTestApp();

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
        world.db,
        echo(value),
      );
      expect(row).toEqual({ value, length: value.length });
    }
    const [products] = await queryPreparedRows<{ count: number }>(
      world.db,
      sql`select count(*)::int as count from information_schema.tables where table_name = ${'products'}`,
    );
    expect(products?.count).toBe(1);
  });

  it("builds a constant query's text once, however often it runs", async () => {
    const query = constantQuery(sql`select ${'uno'}::text as value`);
    const building = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      for (let run = 0; run < 3; run++) {
        expect(await queryPreparedRows(world.db, query)).toEqual([{ value: 'uno' }]);
      }
      expect(building.mock.calls.filter(([built]) => built === query)).toEqual([]);
    } finally {
      building.mockRestore();
    }
  });

  it('reuses one statement for many calls, also when they arrive together', async () => {
    const values = Array.from({ length: 20 }, (_, i) => `valor ${i}`);
    const rows = await Promise.all(
      values.map((value) =>
        queryPreparedRows<{ value: string }>(world.db, sql`select ${value}::text as value`),
      ),
    );
    expect(rows.map(([row]) => row?.value)).toEqual(values);
  });

  it('runs a statement without parameters', async () => {
    const [row] = await queryPreparedRows<{ one: number }>(world.db, sql`select 1 as one`);
    expect(row).toEqual({ one: 1 });
  });

  it('passes numbers through unchanged and, on PGlite, keeps their statement prepared', async () => {
    const numbers = [0, -1, 42, -2.5, 0.1, 1234567.89];
    const numberEcho = (value: number) =>
      sql`select (${value})::text as value, ${value}::numeric + 1 as next`;
    for (const value of numbers) {
      const [row] = await queryPreparedRows<{ value: string; next: string | number }>(
        world.db,
        numberEcho(value),
      );
      expect(Number(row?.value)).toBe(value);
      expect(Number(row?.next)).toBeCloseTo(value + 1);
    }
    // PGlite is one session: the statements it prepared are listed there.
    const pglite = pgliteClientOf(world.db);
    if (pglite) {
      const { sql: text } = new PgDialect().sqlToQuery(numberEcho(0));
      const { rows } = await pglite.query<{ count: number }>(
        'select count(*)::int as count from pg_prepared_statements where statement like $1',
        [`%${text.slice(-20)}`],
      );
      expect(rows[0]?.count).toBe(1);
    }
  });

  it('runs a query with other kinds of values too', async () => {
    const [row] = await queryPreparedRows<{ sum: number }>(
      world.db,
      sql`select (${2}::int + ${3}::int) as sum`,
    );
    expect(row?.sum).toBe(5);
  });
});

describe('queryRowsInOneTrip', () => {
  /** The database, noting the parameters each statement was sent with. */
  function recording() {
    const sent: unknown[][] = [];
    const dialect = new PgDialect();
    const db = new Proxy(world.db, {
      get(target, key) {
        if (key !== 'execute') return Reflect.get(target, key) as unknown;
        return (query: SQL) => {
          sent.push(dialect.sqlToQuery(query).params);
          return target.execute(query);
        };
      },
    });
    return { db, sent };
  }

  it('writes numbers into the text, so the statement carries no parameters', async () => {
    const { db, sent } = recording();
    const [row] = await queryRowsInOneTrip<{ value: string; sum: number }>(
      db,
      sql`select ${2.5} + ${-1} as value, (${20}::int + ${22}) as sum`,
    );
    expect(row).toEqual({ value: '1.5', sum: 42 });
    expect(sent).toEqual([[]]);
  });

  it('keeps every value a parameter as soon as one of them is text', async () => {
    const { db, sent } = recording();
    const value = String.raw`\'); drop table products; --`;
    const [row] = await queryRowsInOneTrip<{ value: string; length: number }>(
      db,
      sql`select ${value}::text as value, length(${value}) + ${0} as length`,
    );
    expect(row).toEqual({ value, length: value.length });
    expect(sent).toEqual([[value, value, 0]]);
  });
});
