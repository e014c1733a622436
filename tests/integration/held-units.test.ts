// One account cannot hold the catalogue: MAX_HELD_UNITS across a customer's open quotes, and
// of each variant MAX_HELD_VARIANT_PERCENT of what is there for them; staff lift it per
// customer (services/orders/held-units.ts).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { auditLog, orders } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { stockOf } from '../support/quotes';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();
const REFUSAL = 'Para cantidades mayores, escribinos y te preparamos una cotización especial.';
let deps: AppDeps;
let admin: SessionUser;

beforeAll(async () => {
  // The store's defaults, written out: tests/support/context.ts lifts them for other suites.
  deps = createTestDeps(world.db, {
    env: { MAX_HELD_UNITS: '50', MAX_HELD_VARIANT_PERCENT: '50' },
  });
  admin = await createTestUser(deps, { role: 'admin' });
});

const quote = (customer: SessionUser, items: { variantId: number; quantity: number }[]) =>
  callerFor(deps, customer).orders.requestQuote({
    items,
    email: 'compras@empresa.uy',
    idempotencyKey: crypto.randomUUID(),
  });

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );

async function plentiful(count = 2) {
  return createTestProduct(
    world.db,
    Array.from({ length: count }, () => ({ stock: 1000, price: '10.00' })),
  );
}

describe('units held across open quotes', () => {
  it('refuses the 51st unit across two quotes, changing nothing', async () => {
    const [a, b] = await plentiful();
    const customer = await createTestUser(deps);
    await quote(customer, [{ variantId: a!.id, quantity: 30 }]);
    const before = { orders: await world.db.$count(orders), stock: await stockOf(world.db, b!.id) };

    expect(await refusalOf(quote(customer, [{ variantId: b!.id, quantity: 21 }]))).toEqual({
      code: 'CONFLICT',
      message: REFUSAL,
    });
    expect({
      orders: await world.db.$count(orders),
      stock: await stockOf(world.db, b!.id),
    }).toEqual(before);
    // Up to the cap is fine; the cap is the customer's, others are not affected.
    await quote(customer, [{ variantId: b!.id, quantity: 20 }]);
    await quote(await createTestUser(deps), [{ variantId: b!.id, quantity: 50 }]);
  });

  it('counts only open quotes, and the latest revision of each', async () => {
    const [a] = await plentiful(1);
    const customer = await createTestUser(deps);
    const staff = callerFor(deps, admin).admin.orders;
    const first = await quote(customer, [{ variantId: a!.id, quantity: 40 }]);
    // Staff quote 10 of the 40: the customer holds 10 now.
    await staff.sendRevision({
      orderId: first.id,
      lines: [{ variantId: a!.id, quantity: 10, unitPrice: '10', discountPercent: '0' }],
      validUntil: '2999-12-31',
    });
    const second = await quote(customer, [{ variantId: a!.id, quantity: 40 }]);
    expect(await refusalOf(quote(customer, [{ variantId: a!.id, quantity: 1 }]))).toEqual({
      code: 'CONFLICT',
      message: REFUSAL,
    });
    // A sale (Concretado) and a cancelled quote hold nothing against the cap.
    await staff.setStatus({ id: first.id, status: 'Concretado' });
    await staff.setStatus({ id: second.id, status: 'Cancelado', reason: 'Pedido duplicado' });
    await quote(customer, [{ variantId: a!.id, quantity: 50 }]);
  });

  it('holds under parallel requests of one customer: never past the cap', async () => {
    // Five products, so no product lock orders the requests: the customer's row must.
    const variantsOf = await Promise.all(Array.from({ length: 5 }, () => plentiful(1)));
    const customer = await createTestUser(deps);
    const results = await Promise.all(
      variantsOf.map(([variant]) =>
        refusalOf(quote(customer, [{ variantId: variant!.id, quantity: 20 }])),
      ),
    );
    expect(results.filter((result) => result === null)).toHaveLength(2);
    expect(results.filter((result) => result?.message === REFUSAL)).toHaveLength(3);
    const stock = await Promise.all(variantsOf.map(([variant]) => stockOf(world.db, variant!.id)));
    expect(stock.reduce<number>((sum, units) => sum + (units ?? 0), 0)).toBe(5 * 1000 - 40);
  });
});

describe('share of one variant', () => {
  it('allows at most half of what is there for the customer, and the last unit', async () => {
    const [few, last] = await createTestProduct(world.db, [
      { stock: 10, price: '10.00' },
      { stock: 1, price: '10.00' },
    ]);
    const customer = await createTestUser(deps);
    expect(await refusalOf(quote(customer, [{ variantId: few!.id, quantity: 6 }]))).toEqual({
      code: 'CONFLICT',
      message: REFUSAL,
    });
    await quote(customer, [{ variantId: few!.id, quantity: 5 }]);
    // 5 held and 5 left: half of 10 is held already.
    expect(await refusalOf(quote(customer, [{ variantId: few!.id, quantity: 1 }]))).not.toBeNull();

    const other = await createTestUser(deps);
    expect(await refusalOf(quote(other, [{ variantId: few!.id, quantity: 3 }]))).not.toBeNull();
    await quote(other, [{ variantId: few!.id, quantity: 2 }]);
    // One unit left of a variant: it can still be asked for.
    await quote(other, [{ variantId: last!.id, quantity: 1 }]);
    expect([await stockOf(world.db, few!.id), await stockOf(world.db, last!.id)]).toEqual([3, 0]);
    // Asking for more than there is stays the stock's refusal.
    expect(await refusalOf(quote(customer, [{ variantId: last!.id, quantity: 1 }]))).toEqual({
      code: 'CONFLICT',
      message: `Stock insuficiente: ${last!.productName}`,
    });
  });
});

describe("staff's cap for one customer", () => {
  it('lets more through, shows on the order and is recorded; null gives the store cap back', async () => {
    const [a, small] = await createTestProduct(world.db, [
      { stock: 1000, price: '10.00' },
      { stock: 10, price: '10.00' },
    ]);
    const customer = await createTestUser(deps, { fullName: 'Comprador Grande' });
    const customerId = customer.customer!.id;
    const first = await quote(customer, [{ variantId: a!.id, quantity: 50 }]);
    expect(await refusalOf(quote(customer, [{ variantId: a!.id, quantity: 10 }]))).not.toBeNull();

    const staff = callerFor(deps, admin).admin;
    await staff.customers.setHeldUnitsCap({ customerId, maxHeldUnits: 200 });
    await quote(customer, [{ variantId: a!.id, quantity: 140 }]);
    // The whole of a small variant too: staff trust this account.
    await quote(customer, [{ variantId: small!.id, quantity: 10 }]);
    expect((await staff.orders.get({ id: first.id })).heldUnits).toEqual({
      customerId,
      heldUnits: 200,
      maxUnits: 200,
      override: 200,
      storeMaxUnits: 50,
    });
    expect(await refusalOf(quote(customer, [{ variantId: a!.id, quantity: 1 }]))).not.toBeNull();

    const [entry] = await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'customer'))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({
      userId: admin.user.id,
      entityId: String(customerId),
      action: 'update',
      label: 'Comprador Grande',
      changes: { maxHeldUnits: { before: null, after: 200 } },
    });

    await staff.customers.setHeldUnitsCap({ customerId, maxHeldUnits: null });
    await staff.orders.setStatus({ id: first.id, status: 'Cancelado', reason: 'Pedido duplicado' });
    expect((await staff.orders.get({ id: first.id })).heldUnits).toMatchObject({
      heldUnits: 150,
      maxUnits: 50,
      override: null,
    });
    const [{ cap } = { cap: -1 }] = await queryRows<{ cap: number | null }>(
      world.db,
      sql`select max_held_units as cap from customers where id = ${customerId}`,
    );
    expect(cap).toBeNull();
  });

  it('is set by admins only, within its bounds', async () => {
    const customer = await createTestUser(deps);
    const customerId = customer.customer!.id;
    await expect(
      callerFor(deps, customer).admin.customers.setHeldUnitsCap({ customerId, maxHeldUnits: 500 }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      callerFor(deps, admin).admin.customers.setHeldUnitsCap({ customerId, maxHeldUnits: 0 }),
    ).rejects.toThrow('El tope mínimo es 1 unidad');
    await expect(
      callerFor(deps, admin).admin.customers.setHeldUnitsCap({
        customerId: 999_999,
        maxHeldUnits: 10,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [{ cap } = { cap: -1 }] = await queryRows<{ cap: number | null }>(
      world.db,
      sql`select max_held_units as cap from customers where id = ${customerId}`,
    );
    expect(cap).toBeNull();
  });
});
