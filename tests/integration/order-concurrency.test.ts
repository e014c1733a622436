// 50 customers race for the last 10 units: exactly 10 win. PGlite serialises transactions on
// its one connection; on Postgres (DATABASE_URL) the calls really overlap on a pool of 20.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { orderItems, orders, variants } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { createTestProduct } from './orders-fixtures';

let database: TestDatabase;
let deps: AppDeps;
const CALLERS = 50;
const STOCK = 10;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = createTestDeps(database.db);
});
afterAll(() => database.close());

it(`sells exactly ${STOCK} units to ${CALLERS} concurrent quotes`, async () => {
  const [variant] = await createTestProduct(
    database.db,
    [{ stock: STOCK, price: '149.99' }],
    'Celular Codiciado',
  );
  // A second, plentiful variant in every order makes each transaction lock two rows.
  const [other] = await createTestProduct(database.db, [{ stock: 1000, price: '1.00' }]);
  const customers: SessionUser[] = [];
  for (let index = 0; index < CALLERS; index++) customers.push(await createTestUser(deps));

  const results = await Promise.allSettled(
    customers.map((customer, index) =>
      callerFor(deps, customer).orders.requestQuote({
        email: `comprador${index}@empresa.uy`,
        items:
          index % 2 === 0
            ? [
                { variantId: variant!.id, quantity: 1 },
                { variantId: other!.id, quantity: 1 },
              ]
            : [
                { variantId: other!.id, quantity: 1 },
                { variantId: variant!.id, quantity: 1 },
              ],
        idempotencyKey: `carrera-${index}`,
      }),
    ),
  );

  const won = results.filter((result) => result.status === 'fulfilled');
  const lost = results.filter((result) => result.status === 'rejected');
  expect(won).toHaveLength(STOCK);
  expect(lost).toHaveLength(CALLERS - STOCK);
  for (const failure of lost) {
    expect(String((failure.reason as Error).message)).toBe('Stock insuficiente: Celular Codiciado');
  }

  const [{ stock } = { stock: -1 }] = await database.db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variant!.id));
  expect(stock).toBe(0);
  const [{ stock: otherStock } = { stock: -1 }] = await database.db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, other!.id));
  expect(otherStock).toBe(1000 - STOCK);

  expect(await database.db.$count(orders)).toBe(STOCK);
  expect(await database.db.$count(orderItems, eq(orderItems.variantId, variant!.id))).toBe(STOCK);
  const withoutItems = await queryRows<{ id: number }>(
    database.db,
    sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
  );
  expect(withoutItems).toEqual([]);
  const wrongTotals = await queryRows<{ id: number }>(
    database.db,
    sql`select o.id from orders o where o.total_amount <> 150.99`,
  );
  expect(wrongTotals).toEqual([]);
});
