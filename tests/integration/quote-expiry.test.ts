// The deadlines of a quote, run by the background job with 'now' from a moved clock: the
// reminder three days before a revision's last day (once, across instances), the expiry when
// the next Montevideo day begins (stock released once, in the transaction that records it,
// never together with a late acceptance), the renewal, and the warning before an unanswered
// request is cancelled.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { type DatabaseHandle, openDatabase } from '@server/db/client';
import { orderMessages, orderStatusHistory, orders, outbox, variants } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { runQuoteDeadlines } from '@server/jobs';
import { calendarDay, formatDate } from '@shared/format';
import { HOLD_RELEASED_REASON, quoteExpiredRefusal } from '@shared/messages';
import { statusReasonOf } from '@shared/order-status-reason';
import { movableClock, type MovableClock, DAY_MS } from '../support/clock';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { stockOf } from '../support/quotes';
import { createTestProduct } from './orders-fixtures';

let database: TestDatabase;
let clock: MovableClock;
let deps: AppDeps;
/** A second instance: its own pool on PostgreSQL, the same database object on PGlite. */
let secondPool: DatabaseHandle | undefined;
let secondClock: MovableClock;
let second: AppDeps;
let customer: SessionUser;
let admin: SessionUser;
let keyCounter = 0;

const STAFF = 'ventas@tienda.com.uy';

beforeAll(async () => {
  database = await createTestDatabase();
  clock = movableClock();
  secondClock = movableClock();
  const env = { STAFF_EMAIL: STAFF, QUOTE_HOLD_DAYS: '7' };
  deps = createTestDeps(database.db, { clock, env });
  if (database.url) {
    secondPool = await openDatabase({ databaseUrl: database.url, dataDir: '', poolSize: 4 });
  }
  second = createTestDeps(secondPool?.db ?? database.db, { clock: secondClock, env });
  customer = await createTestUser(deps, { fullName: 'Ana Peña' });
  admin = await createTestUser(deps, { role: 'admin', fullName: 'Laura Admin' });
});
afterAll(async () => {
  await secondPool?.close();
  await database.close();
});

/** 'YYYY-MM-DD' plus `days`. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** An instant of Montevideo's calendar (UTC-3 all year since 2015). */
const montevideo = (day: string, time: string) => new Date(`${day}T${time}-03:00`);
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Montevideo' }).format();
const shown = (day: string) => formatDate(calendarDay(day));

const statusOf = async (orderId: number) =>
  (
    await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
  )[0]!.status;
/** The subjects of the mails queued so far that contain `text`. */
const mailsAbout = async (text: string) =>
  await database.db
    .select({
      to: sql<string>`${outbox.payload}->>'to'`,
      subject: sql<string>`${outbox.payload}->>'subject'`,
      text: sql<string>`${outbox.payload}->>'text'`,
    })
    .from(outbox)
    .where(and(eq(outbox.kind, 'mail'), sql`${outbox.payload}->>'subject' like ${`%${text}%`}`));

/** A product with `stock` units and a quote for `quantity` of them, answered valid until `validUntil`. */
async function sentQuote(options: {
  stock?: number;
  quantity?: number;
  validUntil: string;
  name?: string;
}) {
  clock.set(new Date());
  const [variant] = await createTestProduct(
    database.db,
    [{ stock: options.stock ?? 10, price: '100.00' }],
    options.name,
  );
  const order = await callerFor(deps, customer).orders.requestQuote({
    email: 'compras@empresa.uy',
    items: [{ variantId: variant!.id, quantity: options.quantity ?? 3 }],
    idempotencyKey: `expiry-${Date.now()}-${++keyCounter}`,
  });
  await callerFor(deps, admin).admin.orders.sendRevision({
    orderId: order.id,
    lines: [
      {
        variantId: variant!.id,
        quantity: options.quantity ?? 3,
        unitPrice: '100.00',
        discountPercent: '0',
      },
    ],
    validUntil: options.validUntil,
  });
  return { orderId: order.id, variant: variant! };
}

/** Both instances run the job at once, at the same instant. */
async function runTwice(at: Date) {
  clock.set(at);
  secondClock.set(at);
  return Promise.all([runQuoteDeadlines(deps), runQuoteDeadlines(second)]);
}

describe('the reminder before a quote expires', () => {
  it('mails the customer once, from three days before its last day, whatever the instances', async () => {
    const validUntil = addDays(today(), 10);
    const { orderId } = await sentQuote({ validUntil });
    const subject = `Tu cotización N° ${orderId}-1 vence el ${shown(validUntil)}`;

    await runTwice(montevideo(addDays(validUntil, -4), '23:59:00'));
    expect(await mailsAbout(subject)).toHaveLength(0);

    await runTwice(montevideo(addDays(validUntil, -3), '00:01:00'));
    await runTwice(montevideo(addDays(validUntil, -2), '09:00:00'));
    const reminders = await mailsAbout(subject);
    expect(reminders).toHaveLength(1);
    // The account's address, never the one typed at checkout.
    expect(reminders[0]!.to).toBe(customer.user.email);
    expect(await statusOf(orderId)).toBe('Modificado');
  });

  it('lists it under Vencen pronto on the dashboard home from three days before', async () => {
    const validUntil = addDays(today(), 20);
    const { orderId } = await sentQuote({ validUntil });
    clock.set(montevideo(addDays(validUntil, -4), '12:00:00'));
    const before = await callerFor(deps, admin).admin.dashboard.get({ range: '30d', lowStock: 5 });
    expect(before.expiringSoon.map((quote) => quote.id)).not.toContain(orderId);
    clock.set(montevideo(addDays(validUntil, -3), '12:00:00'));
    const after = await callerFor(deps, admin).admin.dashboard.get({ range: '30d', lowStock: 5 });
    expect(after.expiringSoon).toContainEqual(
      expect.objectContaining({ id: orderId, validUntil, customerName: 'Ana Peña' }),
    );
  });
});

describe('a quote past its last valid day', () => {
  it('becomes Vencida when the next Montevideo day begins, releasing its stock once', async () => {
    const validUntil = addDays(today(), 5);
    const { orderId, variant } = await sentQuote({ stock: 10, quantity: 3, validUntil });
    expect(await stockOf(database.db, variant.id)).toBe(7);

    await runTwice(montevideo(validUntil, '23:59:59'));
    expect(await statusOf(orderId)).toBe('Modificado');

    await runTwice(montevideo(addDays(validUntil, 1), '00:00:01'));
    await runTwice(montevideo(addDays(validUntil, 1), '00:20:00'));
    expect(await statusOf(orderId)).toBe('Vencida');
    expect(await stockOf(database.db, variant.id)).toBe(10);
    const history = await database.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'Vencida')),
      );
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'Modificado',
        actor: 'system',
        note: `Venció el ${shown(validUntil)}`,
      }),
    ]);
    expect(
      await mailsAbout(`Tu cotización N° ${orderId}-1 venció el ${shown(validUntil)}`),
    ).toHaveLength(1);

    // The customer reads 'Venció el', and cannot accept any more.
    const own = callerFor(deps, customer);
    const order = await own.account.orders.get({ id: orderId });
    expect(order.status).toBe('Vencida');
    expect(statusReasonOf(order)).toBe(`Venció el ${shown(validUntil)}`);
    expect(order.revisions[0]!.isExpired).toBe(true);
    await expect(own.account.orders.accept({ id: orderId, revision: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: quoteExpiredRefusal(shown(validUntil)),
    });
    expect(await stockOf(database.db, variant.id)).toBe(10);
  });

  it('leaves an accepted quote accepted: past its validity it does not read vencida', async () => {
    const validUntil = addDays(today(), 2);
    const { orderId } = await sentQuote({ validUntil });
    const own = callerFor(deps, customer);
    await own.account.orders.accept({ id: orderId, revision: 1 });
    clock.set(montevideo(addDays(validUntil, 1), '09:00:00'));
    await runQuoteDeadlines(deps);
    const order = await own.account.orders.get({ id: orderId });
    expect(order.status).toBe('Concretado');
    expect(order.revisions[0]!.isExpired).toBe(false);
  });

  it('refuses a late acceptance once the day is over, even before the job ran', async () => {
    const validUntil = addDays(today(), 2);
    const { orderId } = await sentQuote({ validUntil });
    clock.set(montevideo(addDays(validUntil, 1), '00:00:05'));
    await expect(
      callerFor(deps, customer).account.orders.accept({ id: orderId, revision: 1 }),
    ).rejects.toMatchObject({ message: quoteExpiredRefusal(shown(validUntil)) });
    expect(await statusOf(orderId)).toBe('Modificado');
  });

  it('lets the customer ask for a renewal once; staff are mailed and a new revision reserves again', async () => {
    const validUntil = addDays(today(), 3);
    const { orderId, variant } = await sentQuote({ stock: 10, quantity: 4, validUntil });
    await runTwice(montevideo(addDays(validUntil, 1), '08:00:00'));
    expect(await stockOf(database.db, variant.id)).toBe(10);

    const own = callerFor(deps, customer);
    expect(await own.account.orders.requestRenewal({ id: orderId })).toEqual({ isNew: true });
    expect(await own.account.orders.requestRenewal({ id: orderId })).toEqual({ isNew: false });
    const toStaff = await mailsAbout(`Pedido de renovación: cotización N° ${orderId}-1`);
    expect(toStaff).toEqual([expect.objectContaining({ to: STAFF })]);
    const thread = await database.db
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.orderId, orderId));
    expect(thread).toEqual([
      expect.objectContaining({
        authorRole: 'customer',
        body: `Pido la renovación de la cotización N° ${orderId}-1, que venció el ${shown(validUntil)}.`,
      }),
    ]);
    const seen = await callerFor(deps, admin).admin.orders.get({ id: orderId });
    expect(seen.renewalRequestedAt).not.toBeNull();

    const renewed = addDays(validUntil, 15);
    await callerFor(deps, admin).admin.orders.sendRevision({
      orderId,
      // A different quantity: the renewal reserves what it quotes, once (nothing was held).
      lines: [{ variantId: variant.id, quantity: 5, unitPrice: '95.00', discountPercent: '0' }],
      validUntil: renewed,
    });
    expect(await statusOf(orderId)).toBe('Modificado');
    expect(await stockOf(database.db, variant.id)).toBe(5);
    const order = await own.account.orders.get({ id: orderId });
    expect(order.renewalRequestedAt).toBeNull();
    await own.account.orders.accept({ id: orderId, revision: 2 });
    expect(await statusOf(orderId)).toBe('Concretado');
    expect(await stockOf(database.db, variant.id)).toBe(5);
  });

  it('renews a quote with a line without stock, reserving only the lines that hold stock', async () => {
    clock.set(new Date());
    const [inStock, none] = await createTestProduct(database.db, [
      { stock: 10, price: '100.00' },
      { stock: 0, price: '300.00' },
    ]);
    const order = await callerFor(deps, customer).orders.requestQuote({
      email: 'compras@empresa.uy',
      items: [
        { variantId: inStock!.id, quantity: 2 },
        { variantId: none!.id, quantity: 3, backorder: true },
      ],
      idempotencyKey: `expiry-backorder-${++keyCounter}`,
    });
    const lines = (validUntil: string) => ({
      orderId: order.id,
      lines: [
        { variantId: inStock!.id, quantity: 2, unitPrice: '100.00', discountPercent: '0' },
        {
          variantId: none!.id,
          quantity: 3,
          unitPrice: '290.00',
          discountPercent: '0',
          isBackorder: true,
        },
      ],
      validUntil,
    });
    const validUntil = addDays(today(), 3);
    await callerFor(deps, admin).admin.orders.sendRevision(lines(validUntil));
    await runTwice(montevideo(addDays(validUntil, 1), '08:00:00'));
    expect(await statusOf(order.id)).toBe('Vencida');
    // Expiry gives back what was held: nothing of the line without stock.
    expect([await stockOf(database.db, inStock!.id), await stockOf(database.db, none!.id)]).toEqual(
      [10, 0],
    );

    // The line without stock reserves nothing again: no 'Stock insuficiente' for it.
    await callerFor(deps, admin).admin.orders.sendRevision(lines(addDays(validUntil, 15)));
    expect(await statusOf(order.id)).toBe('Modificado');
    expect([await stockOf(database.db, inStock!.id), await stockOf(database.db, none!.id)]).toEqual(
      [8, 0],
    );
  });

  it("answers 'Stock insuficiente' to a renewal the stock no longer covers, changing nothing", async () => {
    const validUntil = addDays(today(), 3);
    const { orderId, variant } = await sentQuote({
      stock: 5,
      quantity: 5,
      validUntil,
      name: 'Monitor Ñandú',
    });
    await runTwice(montevideo(addDays(validUntil, 1), '08:00:00'));
    await database.db.update(variants).set({ stock: 2 }).where(eq(variants.id, variant.id));
    await expect(
      callerFor(deps, admin).admin.orders.sendRevision({
        orderId,
        lines: [{ variantId: variant.id, quantity: 5, unitPrice: '100.00', discountPercent: '0' }],
        validUntil: addDays(validUntil, 15),
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Stock insuficiente: Monitor Ñandú' });
    expect(await statusOf(orderId)).toBe('Vencida');
    expect(await stockOf(database.db, variant.id)).toBe(2);
  });
});

describe('a late acceptance racing the expiry', () => {
  // The customer's clock says 23:59:59 of the last day, the job's 00:00:01 of the next: both
  // are allowed on their own, the order row's lock lets exactly one of them win.
  const rounds = process.env.DATABASE_URL ? 25 : 3;

  it(`ends accepted with its stock held, or expired with it released, never both (${rounds} rounds)`, async () => {
    const outcomes = { accepted: 0, expired: 0 };
    for (let round = 0; round < rounds; round++) {
      const validUntil = addDays(today(), 1);
      const { orderId, variant } = await sentQuote({ stock: 10, quantity: 3, validUntil });
      const customerClock = movableClock(montevideo(validUntil, '23:59:59'));
      const customerDeps = { ...deps, clock: customerClock };
      secondClock.set(montevideo(addDays(validUntil, 1), '00:00:01'));
      const [acceptance] = await Promise.allSettled([
        callerFor(customerDeps, customer).account.orders.accept({ id: orderId, revision: 1 }),
        runQuoteDeadlines(second),
      ]);
      const status = await statusOf(orderId);
      const stock = await stockOf(database.db, variant.id);
      if (acceptance.status === 'fulfilled') {
        expect({ status, stock }).toEqual({ status: 'Concretado', stock: 7 });
        outcomes.accepted++;
      } else {
        expect(acceptance.reason).toMatchObject({
          message: quoteExpiredRefusal(shown(validUntil)),
        });
        expect({ status, stock }).toEqual({ status: 'Vencida', stock: 10 });
        outcomes.expired++;
      }
      const [last] = await database.db
        .select({ toStatus: orderStatusHistory.toStatus })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(desc(orderStatusHistory.id))
        .limit(1);
      expect(last!.toStatus).toBe(status);
    }
    expect(outcomes.accepted + outcomes.expired).toBe(rounds);
  });
});

describe('an unanswered request', () => {
  it('warns staff once two days before the automatic cancellation, then says why it was cancelled', async () => {
    clock.set(new Date());
    const [variant] = await createTestProduct(database.db, [{ stock: 10, price: '100.00' }]);
    const order = await callerFor(deps, customer).orders.requestQuote({
      email: 'compras@empresa.uy',
      items: [{ variantId: variant!.id, quantity: 2 }],
      idempotencyKey: `hold-${Date.now()}`,
    });
    const [row] = await database.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    const created = row!.createdAt.getTime();
    const warning = `La solicitud N° ${order.id} se cancela el`;

    await runTwice(new Date(created + 5 * DAY_MS - 60_000));
    expect(await mailsAbout(warning)).toHaveLength(0);
    await runTwice(new Date(created + 5 * DAY_MS + 60_000));
    await runTwice(new Date(created + 6 * DAY_MS));
    const warnings = await mailsAbout(warning);
    expect(warnings).toEqual([expect.objectContaining({ to: STAFF })]);
    expect(warnings[0]!.subject).toContain(formatDate(new Date(created + 7 * DAY_MS)));
    expect(await statusOf(order.id)).toBe('Cotización');

    await runTwice(new Date(created + 7 * DAY_MS + 60_000));
    expect(await statusOf(order.id)).toBe('Cancelado');
    expect(await stockOf(database.db, variant!.id)).toBe(10);
    const cancelled = await mailsAbout(`Tu pedido N° ${order.id} ahora está: Cancelado`);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain(HOLD_RELEASED_REASON);
    const seen = await callerFor(deps, customer).account.orders.get({ id: order.id });
    expect(statusReasonOf(seen)).toBe(HOLD_RELEASED_REASON);
  });
});
