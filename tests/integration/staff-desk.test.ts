// The staff desk (docs/decisions/092-one-desk-for-quotes.md): orders unread per staff member
// until opened and again after the customer acts, the count beside 'Órdenes', the
// 'Responsable' one by one and in bulk with 'Mis órdenes', the flag on what waits more than a
// business day, the median first response, and that only staff reach any of it.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { orderMessages, orders } from '@server/db/schema';
import { callerFor, createTestUser } from '../support/context';
import { movableClock } from '../support/clock';
import { requestQuote } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const clock = movableClock();
const world = useTestApp({ clock });
let customer: SessionUser;
let ana: SessionUser;
let bruno: SessionUser;
let variantId: number;

const as = (user: SessionUser | null) => callerFor(world.deps, user);

beforeAll(async () => {
  customer = await createTestUser(world.deps, { fullName: 'Carla Compras' });
  ana = await createTestUser(world.deps, { role: 'admin', fullName: 'Ana Ventas' });
  bruno = await createTestUser(world.deps, { role: 'admin', fullName: 'Bruno Ventas' });
  const [variant] = await createTestProduct(world.db, [{ stock: 1000, price: '100.00' }]);
  variantId = variant!.id;
});

const newOrder = async () =>
  (await requestQuote(world.deps, customer, [{ variantId, quantity: 1 }])).id;

async function rowOf(viewer: SessionUser, id: number) {
  const list = await as(viewer).admin.orders.list({ search: `#${id}`, page: 1 });
  const row = list.items.find((item) => item.id === id);
  if (!row) throw new Error(`order ${id} is not listed`);
  return row;
}

describe('unread per staff member', () => {
  it('a new request is unread for everyone, read for who opens it, unread again on a message', async () => {
    const before = {
      ana: await as(ana).admin.orders.unread(),
      bruno: await as(bruno).admin.orders.unread(),
    };
    const id = await newOrder();
    expect((await rowOf(ana, id)).isUnread).toBe(true);
    expect((await rowOf(bruno, id)).isUnread).toBe(true);
    expect(await as(ana).admin.orders.unread()).toBe(before.ana + 1);
    expect(await as(bruno).admin.orders.unread()).toBe(before.bruno + 1);

    await as(ana).admin.orders.markRead({ id });
    expect((await rowOf(ana, id)).isUnread).toBe(false);
    expect((await rowOf(bruno, id)).isUnread).toBe(true);
    expect(await as(ana).admin.orders.unread()).toBe(before.ana);
    expect(await as(bruno).admin.orders.unread()).toBe(before.bruno + 1);

    // The customer writes after Ana opened it: unread for her again.
    clock.advance(60_000);
    await as(customer).account.orders.sendMessage({
      orderId: id,
      body: '¿Llega antes del viernes?',
    });
    await world.db
      .update(orderMessages)
      .set({ createdAt: clock.now() })
      .where(eq(orderMessages.orderId, id));
    await world.db.execute(
      sql`update orders set last_customer_action_at = ${clock.now().toISOString()}::timestamptz
          where id = ${id}`,
    );
    expect((await rowOf(ana, id)).isUnread).toBe(true);
    expect(await as(ana).admin.orders.unread()).toBe(before.ana + 1);

    // A staff message does not make it unread for anyone.
    await as(ana).admin.orders.markRead({ id });
    await as(bruno).admin.orders.markRead({ id });
    await as(ana).admin.orders.sendMessage({ orderId: id, body: 'Sí, llega el jueves.' });
    expect((await rowOf(ana, id)).isUnread).toBe(false);
    expect((await rowOf(bruno, id)).isUnread).toBe(false);
  });

  it("the customer's message moves the order's last action (kept by the database)", async () => {
    const id = await newOrder();
    const [created] = await world.db
      .select({ at: orders.lastCustomerActionAt })
      .from(orders)
      .where(eq(orders.id, id));
    expect(created!.at).not.toBeNull();
    await as(customer).account.orders.sendMessage({ orderId: id, body: 'Una consulta más' });
    const [after] = await world.db
      .select({ at: orders.lastCustomerActionAt })
      .from(orders)
      .where(eq(orders.id, id));
    expect(after!.at!.getTime()).toBeGreaterThan(created!.at!.getTime());
  });
});

describe("'Responsable'", () => {
  it('is set one by one and in bulk, filters "Mis órdenes" and is in the activity log', async () => {
    const [one, two, three] = [await newOrder(), await newOrder(), await newOrder()];
    await as(ana).admin.orders.assignOwner({ orderIds: [one], ownerId: ana.user.id });
    await as(bruno).admin.orders.assignOwner({ orderIds: [two, three], ownerId: bruno.user.id });

    expect((await rowOf(ana, one)).ownerName).toBe('Ana Ventas');
    expect((await rowOf(ana, three)).ownerName).toBe('Bruno Ventas');
    const anas = await as(ana).admin.orders.list({ page: 1, mine: true });
    expect(anas.items.map((row) => row.id)).toContain(one);
    expect(anas.items.map((row) => row.id)).not.toContain(two);
    const brunos = await as(bruno).admin.orders.list({ page: 1, mine: true });
    expect(brunos.items.map((row) => row.id).sort()).toEqual([two, three].sort());

    const log = await as(ana).admin.activity.list({ page: 1, entityType: 'order' });
    const entry = log.items.find(
      (item) => item.action === 'owner' && item.entityId === String(two),
    );
    expect(entry?.changes).toEqual({ responsable: { before: null, after: 'Bruno Ventas' } });

    await as(ana).admin.orders.assignOwner({ orderIds: [two], ownerId: null });
    expect((await rowOf(ana, two)).ownerName).toBeNull();
  });

  it('must be staff, and the orders must exist; nothing is half-written', async () => {
    const id = await newOrder();
    await expect(
      as(ana).admin.orders.assignOwner({ orderIds: [id], ownerId: customer.user.id }),
    ).rejects.toThrow('El responsable tiene que ser alguien del personal');
    await expect(
      as(ana).admin.orders.assignOwner({ orderIds: [id, 999_999], ownerId: ana.user.id }),
    ).rejects.toThrow('Alguna de las órdenes ya no existe');
    expect((await rowOf(ana, id)).ownerId).toBeNull();
  });
});

describe('page size', () => {
  it('25 by default, 50 or 100 when asked, nothing else', async () => {
    const list = await as(ana).admin.orders.list({ page: 1 });
    expect(list.pageSize).toBe(25);
    expect((await as(ana).admin.orders.list({ page: 1, pageSize: 100 })).pageSize).toBe(100);
    await expect(as(ana).admin.orders.list({ page: 1, pageSize: 30 as 25 })).rejects.toThrow();
  });
});

describe('waiting more than one business day', () => {
  it('counts Monday to Friday in Montevideo only, and an answer clears it', async () => {
    const id = await newOrder();
    // Friday 10:00 in Montevideo.
    await world.db.execute(
      sql`update orders set last_customer_action_at = '2030-01-04T10:00:00-03:00',
            last_staff_answer_at = null where id = ${id}`,
    );
    clock.set('2030-01-05T18:00:00-03:00'); // Saturday: 14 business hours
    expect((await rowOf(ana, id)).isWaitingTooLong).toBe(false);
    clock.set('2030-01-07T09:59:00-03:00'); // Monday, just under 24 business hours
    expect((await rowOf(ana, id)).isWaitingTooLong).toBe(false);
    clock.set('2030-01-07T10:01:00-03:00'); // Monday, just over
    expect((await rowOf(ana, id)).isWaitingTooLong).toBe(true);

    await world.db.execute(
      sql`update orders set last_staff_answer_at = '2030-01-07T10:30:00-03:00' where id = ${id}`,
    );
    clock.set('2030-01-08T12:00:00-03:00');
    expect((await rowOf(ana, id)).isWaitingTooLong).toBe(false);
    clock.set(new Date());
  });
});

describe('median first response', () => {
  it('from each wait’s first customer action to the first staff answer after it', async () => {
    const t0 = new Date('2031-03-03T09:00:00-03:00').getTime(); // a Monday
    const at = (hours: number) => new Date(t0 + hours * 3_600_000);
    const a = await newOrder();
    const b = await newOrder();
    await world.db
      .update(orders)
      .set({ createdAt: at(0) })
      .where(eq(orders.id, a));
    await world.db
      .update(orders)
      .set({ createdAt: at(0) })
      .where(eq(orders.id, b));
    const message = (orderId: number, role: 'customer' | 'admin', hours: number) => ({
      orderId,
      authorRole: role,
      body: '…',
      createdAt: at(hours),
    });
    await world.db.insert(orderMessages).values([
      message(a, 'admin', 1), // 1 h
      message(a, 'customer', 5),
      message(a, 'customer', 6),
      message(a, 'admin', 8), // 3 h from the first of the two
      message(b, 'admin', 4), // 4 h
      message(b, 'customer', 10), // still waiting: not counted
    ]);
    clock.set(at(30));
    const summary = await as(ana).admin.dashboard.get({ range: '7d' });
    expect(summary.firstResponse).toEqual({ seconds: 3 * 3600, answered: 3 });
    clock.set(new Date());
  });
});

describe('staff only', () => {
  it('customers and visitors reach none of the desk', async () => {
    for (const user of [customer, null]) {
      await expect(as(user).admin.orders.unread()).rejects.toThrow();
      await expect(as(user).admin.orders.staff()).rejects.toThrow();
      await expect(
        as(user).admin.orders.assignOwner({ orderIds: [1], ownerId: ana.user.id }),
      ).rejects.toThrow();
      await expect(as(user).admin.orders.list({ page: 1 })).rejects.toThrow();
    }
  });

  it('lists the staff as possible owners, not customers', async () => {
    const staff = await as(ana).admin.orders.staff();
    const ids = staff.map((member) => member.id);
    expect(ids).toEqual(expect.arrayContaining([ana.user.id, bruno.user.id]));
    expect(ids).not.toContain(customer.user.id);
  });
});
