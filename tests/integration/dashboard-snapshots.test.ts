// The median first answer and the most requested products are a snapshot per range, refreshed
// by the jobs loop every SNAPSHOT_EVERY_MS and shown with its age; one older than
// SNAPSHOT_MAX_AGE_MS, or from after 'now', is computed again on the request
// (docs/decisions/068-dashboard-rollups.md). The clock moves; nothing sleeps.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { dashboardSnapshots, orderStatusHistory, orders } from '@server/db/schema';
import { runDashboardFigures } from '@server/jobs';
import { dashboardSummary } from '@server/services/dashboard/stats';
import { movableClock } from '../support/clock';
import { createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct, insertOrderLine, type TestVariant } from './orders-fixtures';

const T0 = new Date('2026-06-15T12:00:00-03:00');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const clock = movableClock(T0);
const world = useTestApp({ clock });
let admin: SessionUser;
let customer: SessionUser;
let notebook: TestVariant;
let mouse: TestVariant;

/** An order requested at `at`, one line, answered by an admin `answeredAfter` ms later. */
async function addOrder(
  at: Date,
  [variant, quantity]: [TestVariant, number],
  answeredAfter: number,
) {
  const [order] = await world.db
    .insert(orders)
    .values({
      customerId: customer.customer!.id,
      totalAmount: '10.00',
      status: 'Modificado',
      contactEmail: 'cliente@empresa.uy',
      createdAt: at,
    })
    .returning({ id: orders.id });
  await insertOrderLine(world.db, order!.id, variant, quantity);
  await world.db.insert(orderStatusHistory).values({
    orderId: order!.id,
    fromStatus: 'Cotización',
    toStatus: 'Modificado',
    changedBy: admin.user.id,
    changedAt: new Date(at.getTime() + answeredAfter),
  });
}

const at = (ms: number) => new Date(T0.getTime() + ms);

async function home(range: '7d' | '30d' = '30d') {
  const summary = await dashboardSummary(world.db, { range, lowStock: 5 }, clock.now());
  return {
    top: summary.topProducts.map((row) => [row.name, row.quantity]),
    median: summary.medianAnswerSeconds,
    answered: summary.answeredCount,
    snapshotAt: summary.snapshotAt,
  };
}

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps);
  [notebook] = (await createTestProduct(
    world.db,
    [{ stock: 50, price: '100.00' }],
    'Notebook',
  )) as [TestVariant];
  [mouse] = (await createTestProduct(world.db, [{ stock: 50, price: '10.00' }], 'Mouse')) as [
    TestVariant,
  ];
  await addOrder(at(-24 * HOUR), [notebook, 3], 2 * HOUR);
  await addOrder(at(-24 * HOUR), [mouse, 5], 4 * HOUR);
});

describe('the median answer and the most requested products', () => {
  it('show a snapshot until the jobs refresh it, and never one too old or from later', async () => {
    const first = {
      top: [
        ['Mouse', 5],
        ['Notebook', 3],
      ],
      median: 3 * 3600,
      answered: 2,
      snapshotAt: T0,
    };
    expect(await home()).toEqual(first);

    // A new order, answered after an hour: the snapshot does not see it yet.
    await addOrder(at(-3 * HOUR), [notebook, 10], HOUR);
    clock.set(at(4 * MINUTE));
    expect(await home()).toEqual(first);

    // The job folds the orders' day changes and computes the ranges nobody asked for yet;
    // the 30 days', four minutes old, is fresh enough.
    const early = await runDashboardFigures(world.deps);
    expect(early.days).toBeGreaterThan(0);
    expect(early.refreshed).toEqual(['7d', '12m']);
    expect(await home()).toEqual(first);
    const latest = {
      top: [
        ['Notebook', 13],
        ['Mouse', 5],
      ],
      median: 2 * 3600,
      answered: 3,
    };
    expect(await home('7d')).toEqual({ ...latest, snapshotAt: at(4 * MINUTE) });

    clock.set(at(10 * MINUTE));
    expect((await runDashboardFigures(world.deps)).refreshed).toEqual(['7d', '30d', '12m']);
    expect(await home()).toEqual({ ...latest, snapshotAt: at(10 * MINUTE) });

    // The jobs stopped: past SNAPSHOT_MAX_AGE_MS the request computes it.
    await addOrder(at(-2 * HOUR), [mouse, 20], 30 * MINUTE);
    clock.set(at(41 * MINUTE));
    const recomputed = {
      top: [
        ['Mouse', 25],
        ['Notebook', 13],
      ],
      median: 1.5 * 3600,
      answered: 4,
    };
    expect(await home()).toEqual({ ...recomputed, snapshotAt: at(41 * MINUTE) });

    // A clock set back gets figures as of its 'now', not the later snapshot, which stays.
    clock.set(at(-26 * HOUR));
    expect(await home()).toEqual({
      top: [],
      median: null,
      answered: 0,
      snapshotAt: at(-26 * HOUR),
    });
    const [stored] = await world.db
      .select({ computedAt: dashboardSnapshots.computedAt })
      .from(dashboardSnapshots)
      .where(eq(dashboardSnapshots.range, '30d'));
    expect(stored!.computedAt).toEqual(at(41 * MINUTE));
  });
});
