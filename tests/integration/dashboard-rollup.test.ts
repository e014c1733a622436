// The dashboard's counts and value come from a daily rollup the triggers on orders keep
// (docs/decisions/068-dashboard-rollups.md). After every kind of write an order can get
// (inserts, status and total changes, moves of its date across Montevideo's midnight and month,
// deletes, a multi-row update, a rolled-back transaction, folds in between), the figures must be
// exactly those the old aggregate over the orders gives, for each range, at instants on both
// sides of a midnight.
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { orders } from '@server/db/schema';
import { foldOrderDayChanges } from '@server/services/dashboard/order-days';
import { dashboardSummary } from '@server/services/dashboard/stats';
import { DASHBOARD_RANGES } from '@shared/dashboard-ranges';
import { createTestUser } from '../support/context';
import { directDayFigures, ordersByDay, rollupByDay } from '../support/order-days';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let customerId: number;
const ids: Record<string, number> = {};

/** The instants the figures are read at: both sides of March 31's midnight, and a week on. */
const NOWS = [
  '2026-03-31T23:59:59.999-03:00',
  '2026-04-01T00:00:00-03:00',
  '2026-04-01T10:00:00-03:00',
  '2026-04-07T00:00:00-03:00',
];

/** Key, request instant, status, total. */
const ORDERS: [string, string, string, string][] = [
  ['lastInstantOfMarch', '2026-03-31T23:59:59.999-03:00', 'Concretado', '100.10'],
  ['aprilMidnight', '2026-04-01T00:00:00-03:00', 'Cotización', '200.00'],
  // March 31 at 23:30 in Montevideo, April 1 in UTC.
  ['marchInUtcApril', '2026-04-01T02:30:00Z', 'Concretado', '300.33'],
  // Later on April 1 than the third instant: it counts only from then on.
  ['laterThatDay', '2026-04-01T11:00:00-03:00', 'Concretado', '50.00'],
  ['firstOfMarch', '2026-03-01T00:00:00-03:00', 'Modificado', '70.00'],
  ['lastOfFebruary', '2026-02-28T23:59:59-03:00', 'Concretado', '80.00'],
  // The first instant of the twelve months at April 2026, and the last one before it.
  ['twelveMonthsStart', '2025-05-01T00:00:00-03:00', 'Concretado', '90.00'],
  ['beforeTwelveMonths', '2025-04-30T23:59:59.999-03:00', 'Concretado', '95.00'],
  ['sixthOfApril', '2026-04-06T23:59:00-03:00', 'Cancelado', '10.00'],
  ['seventhOfApril', '2026-04-07T00:00:00.001-03:00', 'Concretado', '15.00'],
];

beforeAll(async () => {
  const customer = await createTestUser(world.deps);
  customerId = customer.customer!.id;
});

const orderValues = (status: string, total: string, at: string) => ({
  customerId,
  status,
  totalAmount: total,
  contactEmail: 'cliente@empresa.uy',
  createdAt: new Date(at),
});

async function change(key: string, set: Partial<typeof orders.$inferInsert>) {
  await world.db.update(orders).set(set).where(eq(orders.id, ids[key]!));
}

/** The summary's counts and series equal the direct aggregate, every range at every instant. */
async function expectExactFigures() {
  for (const at of NOWS) {
    for (const range of DASHBOARD_RANGES) {
      const now = new Date(at);
      const summary = await dashboardSummary(world.db, { range, lowStock: 5 }, now);
      const { requested, concluded, valueConcluded, series } = summary;
      expect({ at, range, requested, concluded, valueConcluded, series }).toEqual({
        at,
        range,
        ...(await directDayFigures(world.db, range, now)),
      });
    }
  }
  // And every day of the rollup, inside the ranges or not.
  expect(await rollupByDay(world.db)).toEqual(await ordersByDay(world.db));
}

describe("the dashboard's day figures", () => {
  it('equal the orders after inserts, status and total changes, moves and deletes', async () => {
    const inserted = await world.db
      .insert(orders)
      .values(ORDERS.map(([, at, status, total]) => orderValues(status, total, at)))
      .returning({ id: orders.id });
    ORDERS.forEach(([key], index) => (ids[key] = inserted[index]!.id));
    await expectExactFigures();

    // Half of what follows is read before a fold, half after.
    await foldOrderDayChanges(world.db);
    await expectExactFigures();

    await change('aprilMidnight', { status: 'Concretado' });
    await change('lastInstantOfMarch', { status: 'Cancelado' });
    await change('firstOfMarch', { status: 'Vencida' });
    await expectExactFigures();

    // A concluded order's total counts; another's does not.
    await change('marchInUtcApril', { totalAmount: '299.99' });
    await change('aprilMidnight', { totalAmount: '250.00' });
    await change('sixthOfApril', { totalAmount: '11.00' });
    await expectExactFigures();
    await foldOrderDayChanges(world.db);

    // Moves across midnight and the month, out of the twelve months, into the past, and a
    // status change with a move in one update.
    await change('lastInstantOfMarch', {
      status: 'Concretado',
      createdAt: new Date('2026-04-01T00:00:00.500-03:00'),
    });
    await change('twelveMonthsStart', { createdAt: new Date('2025-04-30T23:00:00-03:00') });
    await change('laterThatDay', { createdAt: new Date('2026-03-31T11:00:00-03:00') });
    await change('lastOfFebruary', {
      status: 'Cotización',
      createdAt: new Date('2026-03-15T12:00:00-03:00'),
    });
    await expectExactFigures();

    await world.db
      .delete(orders)
      .where(inArray(orders.id, [ids.marchInUtcApril!, ids.firstOfMarch!]));
    await expectExactFigures();

    // One statement over many orders, as the expiry job or a bulk change would.
    await world.db.execute(
      sql`update orders set status = 'Concretado', total_amount = total_amount + 1
          where status in ('Cotización', 'Cancelado')`,
    );
    await expectExactFigures();

    // What a rolled-back transaction wrote never counts.
    await world.db
      .transaction(async (tx) => {
        await tx.insert(orders).values(orderValues('Concretado', '999.00', NOWS[0]!));
        await tx
          .update(orders)
          .set({ status: 'Cancelado' })
          .where(eq(orders.customerId, customerId));
        await tx.delete(orders).where(eq(orders.id, ids.seventhOfApril!));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectExactFigures();

    await foldOrderDayChanges(world.db);
    const [left] = await queryRows<{ n: number }>(
      world.db,
      sql`select count(*)::int as n from order_day_changes`,
    );
    expect(left!.n).toBe(0);
    await expectExactFigures();
  });

  // Its point is the PostgreSQL pass: transactions that write orders on the same two days in
  // opposite orders, and change many orders at once, while the fold runs in a loop. Had the
  // triggers updated a row per day, two of them would wait on each other's day (a deadlock);
  // appending changes waits on nothing.
  it('stay exact, and nothing waits or deadlocks, under concurrent writers and folds', async () => {
    const WORKERS = 8;
    const ROUNDS = 15;
    const days = ['2026-03-31T12:00:00-03:00', '2026-04-01T12:00:00-03:00'];
    let isDone = false;
    const folding = (async () => {
      let folds = 0;
      while (!isDone || folds === 0) {
        await foldOrderDayChanges(world.db);
        folds += 1;
      }
      return folds;
    })();
    const work = async (worker: number) => {
      const mine: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await world.db.transaction(async (tx) => {
          const order = worker % 2 === 0 ? days : [...days].reverse();
          for (const at of order) {
            const [row] = await tx
              .insert(orders)
              .values(orderValues(round % 3 === 0 ? 'Concretado' : 'Cotización', '10.00', at))
              .returning({ id: orders.id });
            mine.push(row!.id);
          }
          // All this worker's orders, on both days, in one statement.
          await tx
            .update(orders)
            .set({
              status: sql`case when ${orders.status} = 'Concretado' then 'Cancelado'
                               else 'Concretado' end`,
              totalAmount: sql`${orders.totalAmount} + 1`,
            })
            .where(inArray(orders.id, mine));
          if (round % 5 === 4) await tx.delete(orders).where(eq(orders.id, mine.shift()!));
        });
      }
    };
    const results = await Promise.allSettled(
      Array.from({ length: WORKERS }, (_, worker) => work(worker)),
    );
    isDone = true;
    expect(await folding).toBeGreaterThan(0);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(await rollupByDay(world.db)).toEqual(await ordersByDay(world.db));
    await foldOrderDayChanges(world.db);
    expect(await rollupByDay(world.db)).toEqual(await ordersByDay(world.db));
  });

  // Last: it empties the orders.
  it('are emptied with the orders', async () => {
    await world.db.execute(sql`truncate orders cascade`);
    expect(await rollupByDay(world.db)).toEqual([]);
    const summary = await dashboardSummary(
      world.db,
      { range: '12m', lowStock: 5 },
      new Date(NOWS[2]!),
    );
    expect(summary).toMatchObject({ requested: 0, concluded: 0, valueConcluded: '0' });
  });
});
