// transactionRetried, the safety net under the lock order: a transaction PostgreSQL aborted
// as a deadlock's victim (40P01) or a serialization failure (40001) runs once more, whole.
// The failures are the database's own, raised with that SQLSTATE.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { retriedTransactions, transactionRetried } from '@server/db/transactions';
import type { Transaction } from '@server/db/client';
import { useTestApp } from '../support/test-app';

const world = useTestApp();

beforeAll(async () => {
  await world.db.execute(sql`create table retry_probe (attempt integer not null)`);
});

const fail = (tx: Transaction, code: string) =>
  tx.execute(sql.raw(`do $$ begin raise exception 'probe' using errcode = '${code}'; end $$`));

const attemptsKept = async () =>
  (
    await queryRows<{ attempt: number }>(world.db, sql`select attempt from retry_probe order by 1`)
  ).map((row) => row.attempt);

describe('transactionRetried', () => {
  it.each(['40P01', '40001'])('runs the whole transaction again after %s', async (code) => {
    await world.db.execute(sql`truncate retry_probe`);
    const retriedBefore = retriedTransactions.get(code) ?? 0;
    let attempt = 0;
    const answer = await transactionRetried(world.db, async (tx) => {
      attempt += 1;
      await tx.execute(sql`insert into retry_probe values (${attempt})`);
      if (attempt === 1) await fail(tx, code);
      return 'hecho';
    });
    expect(answer).toBe('hecho');
    // The first attempt's row went with its rollback: only the second's is kept.
    expect(await attemptsKept()).toEqual([2]);
    expect(retriedTransactions.get(code)).toBe(retriedBefore + 1);
  });

  it('retries once only, cleaning up before it, and never other failures', async () => {
    await world.db.execute(sql`truncate retry_probe`);
    let attempts = 0;
    let cleanups = 0;
    const always = transactionRetried(
      world.db,
      async (tx) => {
        attempts += 1;
        await fail(tx, '40P01');
      },
      {
        beforeRetry: () => {
          cleanups += 1;
          return Promise.resolve();
        },
      },
    );
    await expect(always).rejects.toThrow();
    expect({ attempts, cleanups }).toEqual({ attempts: 2, cleanups: 1 });

    let uniqueAttempts = 0;
    const other = transactionRetried(world.db, async (tx) => {
      uniqueAttempts += 1;
      await fail(tx, '23505');
    });
    await expect(other).rejects.toThrow();
    expect(uniqueAttempts).toBe(1);
    expect(await attemptsKept()).toEqual([]);
  });
});
