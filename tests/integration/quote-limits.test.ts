// Stock hoarding: quotes per customer and hour, open quotes per customer, and expired holds
// released by the system.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { orderItems, orderStatusHistory, orders } from '@server/db/schema';
import { releaseExpiredHolds } from '@server/services/orders/quote-holds';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { requestQuote, stockOf } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ env: { MAX_OPEN_QUOTES: '3' } });
let admin: SessionUser;

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
});

const quoteFor = (
  customer: SessionUser,
  variantId: number,
  key = crypto.randomUUID(),
  appDeps = world.deps,
) => requestQuote(appDeps, customer, [{ variantId, quantity: 1 }], { idempotencyKey: key });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );

const ordersOf = (customer: SessionUser) =>
  world.db.$count(orders, eq(orders.customerId, customer.customer!.id));

async function newVariant(stock = 100) {
  return (await createTestProduct(world.db, [{ stock, price: '10.00' }]))[0]!;
}

describe('quotes per customer and hour', () => {
  it('refuses the request past QUOTE_RATE_LIMIT with a Spanish message, per customer', async () => {
    const limited = createTestDeps(world.db, { env: { QUOTE_RATE_LIMIT: '4' } });
    const variant = await newVariant();
    const customer = await createTestUser(limited);
    const quote = (who: SessionUser) => quoteFor(who, variant.id, undefined, limited);
    for (let i = 0; i < 4; i++) await quote(customer);
    expect(await failureOf(quote(customer))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message:
        'Enviaste demasiadas solicitudes de cotización en la última hora. Probá de nuevo más tarde.',
    });
    expect(await ordersOf(customer)).toBe(4);
    expect(await quote(await createTestUser(limited))).toHaveProperty('id');
  });
});

describe('open quotes per customer', () => {
  it('refuses a quote past MAX_OPEN_QUOTES, naming the limit, and changes nothing', async () => {
    const variant = await newVariant(50);
    const customer = await createTestUser(world.deps);
    const first = await quoteFor(customer, variant.id);
    const second = await quoteFor(customer, variant.id);
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: second.id,
      status: 'Modificado',
    });
    const thirdKey = crypto.randomUUID();
    const third = await quoteFor(customer, variant.id, thirdKey);

    const counts = {
      orders: await world.db.$count(orders),
      stock: await stockOf(world.db, variant.id),
    };
    expect(await failureOf(quoteFor(customer, variant.id))).toEqual({
      code: 'CONFLICT',
      message:
        'Ya tenés 3 cotizaciones abiertas, el máximo permitido. Esperá a que respondamos alguna antes de pedir otra.',
    });
    expect({
      orders: await world.db.$count(orders),
      stock: await stockOf(world.db, variant.id),
    }).toEqual(counts);
    // A retry of an order already placed is not a new quote: it answers that order.
    expect(await quoteFor(customer, variant.id, thirdKey)).toEqual(third);

    // Once the store answers one, there is room again.
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: first.id,
      status: 'Concretado',
    });
    expect(await quoteFor(customer, variant.id)).toHaveProperty('id');
  });

  it('holds under parallel requests: never more open quotes than the cap', async () => {
    const variant = await newVariant(50);
    const customer = await createTestUser(world.deps);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => failureOf(quoteFor(customer, variant.id))),
    );
    expect(results.filter((result) => result === null)).toHaveLength(3);
    expect(results.filter((result) => result?.code === 'CONFLICT')).toHaveLength(1);
    expect(await ordersOf(customer)).toBe(3);
    expect(await stockOf(world.db, variant.id)).toBe(47);
  });
});

describe('expired holds', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const holdOptions = async () => ({
    holdDays: 7,
    now: new Date(),
    store: await world.deps.storeIdentity(),
  });
  const age = (orderId: number, days: number) =>
    world.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(orders.id, orderId));

  it('cancels quotes left in Cotización past QUOTE_HOLD_DAYS and returns their stock', async () => {
    const variant = await newVariant(20);
    const customer = await createTestUser(world.deps);
    const expired = await quoteFor(customer, variant.id);
    const recent = await quoteFor(customer, variant.id);
    const modified = await quoteFor(customer, variant.id);
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: modified.id,
      status: 'Modificado',
    });
    await age(expired.id, 8);
    await age(recent.id, 6);
    await age(modified.id, 30);
    expect(await stockOf(world.db, variant.id)).toBe(17);

    const released = await releaseExpiredHolds(world.db, await holdOptions());
    expect(released).toContain(expired.id);
    expect(released).not.toContain(recent.id);
    expect(released).not.toContain(modified.id);
    expect(await stockOf(world.db, variant.id)).toBe(18);
    const [order] = await world.db.select().from(orders).where(eq(orders.id, expired.id));
    expect(order!.status).toBe('Cancelado');

    const [last] = await world.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, expired.id))
      .orderBy(sql`${orderStatusHistory.id} desc`)
      .limit(1);
    expect(last).toMatchObject({
      fromStatus: 'Cotización',
      toStatus: 'Cancelado',
      changedBy: null,
      actor: 'system',
      note: 'Reserva vencida',
    });
    const detail = await callerFor(world.deps, admin).admin.orders.get({ id: expired.id });
    expect(detail.history.at(-1)).toMatchObject({ actor: 'system', note: 'Reserva vencida' });

    // Nothing left to release: a second run changes nothing.
    expect(await releaseExpiredHolds(world.db, await holdOptions())).not.toContain(expired.id);
    expect(await stockOf(world.db, variant.id)).toBe(18);
  });

  it('releases each hold once when several instances run the job together', async () => {
    const variant = await newVariant(10);
    const customer = await createTestUser(world.deps);
    const quotes: { id: number }[] = [];
    for (let i = 0; i < 3; i++) quotes.push(await quoteFor(customer, variant.id));
    for (const quote of quotes) await age(quote.id, 9);
    expect(await stockOf(world.db, variant.id)).toBe(7);

    const options = await holdOptions();
    const runs = await Promise.all(
      Array.from({ length: 3 }, () => releaseExpiredHolds(world.db, options)),
    );
    const releasedIds = runs.flat().filter((id) => quotes.some((quote) => quote.id === id));
    expect(releasedIds.sort()).toEqual(quotes.map((quote) => quote.id).sort());
    expect(await stockOf(world.db, variant.id)).toBe(10);
    const history = await world.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.actor, 'system'));
    expect(history.filter((row) => quotes.some((quote) => quote.id === row.orderId))).toHaveLength(
      3,
    );
    expect(await world.db.$count(orderItems)).toBeGreaterThan(0);
  });
});
