// The store's days are Montevideo's whatever the machine's zone: this file runs in
// Pacific/Kiritimati (UTC+14), where 23:30 in Montevideo is already 16:30 of the next day.
// A local-time computation anywhere in the mail dates, the expiry day or the dashboard's
// 'today' would land on the wrong day here.
process.env.TZ = 'Pacific/Kiritimati';

import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { orders, outbox } from '@server/db/schema';
import { runQuoteDeadlines } from '@server/jobs';
import { calendarDay, formatDate } from '@shared/format';
import { DAY_MS, movableClock } from '../support/clock';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();
const clock = movableClock();
let customer: SessionUser;
let admin: SessionUser;

const montevideoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Montevideo' }).format();
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  customer = await createTestUser(world.deps, { fullName: 'Ana Peña' });
  admin = await createTestUser(world.deps, { role: 'admin' });
});

describe('at 23:30 in Montevideo, with the machine in Pacific/Kiritimati', () => {
  it('runs in a zone where that instant is already the next day', () => {
    const day = addDays(montevideoToday(), 5);
    const instant = new Date(`${day}T23:30:00-03:00`);
    expect(instant.getDate()).not.toBe(Number(day.slice(8)));
  });

  it('dates the mails, the expiry and the dashboard by Montevideo', async () => {
    const deps = createTestDeps(world.db, { clock });
    const day = addDays(montevideoToday(), 5);
    const shown = formatDate(calendarDay(day));
    const [variant] = await createTestProduct(world.db, [{ stock: 10, price: '100.00' }]);
    const order = await callerFor(deps, customer).orders.requestQuote({
      email: 'compras@empresa.uy',
      items: [{ variantId: variant!.id, quantity: 2 }],
      idempotencyKey: `tz-${Date.now()}`,
    });
    await callerFor(deps, admin).admin.orders.sendRevision({
      orderId: order.id,
      lines: [{ variantId: variant!.id, quantity: 2, unitPrice: '100.00', discountPercent: '0' }],
      validUntil: day,
    });
    // Requested at 23:00 of that day, Montevideo's.
    await world.db
      .update(orders)
      .set({ createdAt: new Date(`${day}T23:00:00-03:00`) })
      .where(eq(orders.id, order.id));

    clock.set(new Date(`${day}T23:30:00-03:00`));
    await runQuoteDeadlines(deps);
    // Still its last valid day: not expired, and its date reads as Montevideo's.
    const seen = await callerFor(deps, customer).account.orders.get({ id: order.id });
    expect(seen.status).toBe('Modificado');
    expect(seen.revisions[0]!.isExpired).toBe(false);
    const mails = await world.db
      .select({ text: sql<string>`${outbox.payload}->>'text'` })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'mail'),
          sql`${outbox.payload}->>'subject' like ${`Cotización N° ${order.id}-1`}`,
        ),
      );
    expect(mails[0]!.text).toContain(`válida hasta el ${shown}`);

    // The dashboard's today is that day: the order counts in its last bucket, the quote in
    // 'Vencen pronto' (its last day is today).
    const home = await callerFor(deps, admin).admin.dashboard.get({ range: '7d', lowStock: 5 });
    expect(home.series.at(-1)).toMatchObject({ period: day });
    expect(home.series.at(-1)!.requested).toBeGreaterThanOrEqual(1);
    expect(home.expiringSoon.map((quote) => quote.id)).toContain(order.id);

    // Half an hour later Montevideo's next day begins: now it expires, dated by its last day.
    clock.set(new Date(`${addDays(day, 1)}T00:00:30-03:00`));
    await runQuoteDeadlines(deps);
    const expired = await callerFor(deps, customer).account.orders.get({ id: order.id });
    expect(expired.status).toBe('Vencida');
    const expiryMails = await world.db
      .select({ subject: sql<string>`${outbox.payload}->>'subject'` })
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' like ${`%N° ${order.id}-1 venció el%`}`);
    expect(expiryMails).toEqual([{ subject: `Tu cotización N° ${order.id}-1 venció el ${shown}` }]);
  });
});
