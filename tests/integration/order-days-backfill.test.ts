// The migrations that gave the dashboard its daily rollup (dashboard_rollups, order_day_triggers;
// docs/decisions/068-dashboard-rollups.md) must count the orders already there. Migrates a
// database to just before them, writes orders the old way, then applies the rest.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useDatabaseBeforeMigration } from '../support/migrations';
import { ordersByDay, rollupByDay } from '../support/order-days';

const openBeforeMigration = useDatabaseBeforeMigration('_dashboard_rollups');

it('fills the days of the orders placed before the rollup existed', async () => {
  const handle = await openBeforeMigration();
  const { db } = handle;
  await db.execute(sql`
    insert into users (id, email, password_hash) values (1, 'cliente@empresa.uy', 'x')`);
  await db.execute(sql`
    insert into customers (id, user_id, full_name, email)
    values (1, 1, 'Cliente', 'cliente@empresa.uy')`);
  // Two on March 31 in Montevideo (one of them April 1 in UTC), one on April 1, three statuses.
  await db.execute(sql`
    insert into orders (customer_id, total_amount, status, contact_email, created_at) values
      (1, 100.10, 'Concretado', 'cliente@empresa.uy', '2026-03-31T12:00:00-03:00'),
      (1, 300.33, 'Concretado', 'cliente@empresa.uy', '2026-04-01T02:30:00Z'),
      (1, 200.00, 'Cotización', 'cliente@empresa.uy', '2026-03-31T23:59:59-03:00'),
      (1, 50.00, 'Cancelado', 'cliente@empresa.uy', '2026-04-01T00:00:00-03:00')`);

  await handle.migrate();

  const days = await rollupByDay(db);
  expect(days).toEqual([
    { day: '2026-03-31', requested: 3, concluded: 2, value: '400.43' },
    { day: '2026-04-01', requested: 1, concluded: 0, value: '0' },
  ]);
  // From here on the triggers keep it.
  await db.execute(sql`update orders set status = 'Concretado' where total_amount = 50`);
  expect(await rollupByDay(db)).toEqual(await ordersByDay(db));
  expect((await rollupByDay(db))[1]).toMatchObject({ concluded: 1, value: '50.00' });
});
