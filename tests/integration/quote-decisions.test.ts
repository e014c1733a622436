// Decisions that are confirmed and explained: the customer's purchase order number ('OC') when
// accepting, and staff's required 'Motivo' when a status change gives the stock back.
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, type SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { orders, orderStatusHistory, outbox } from '@server/db/schema';
import type { MailPayload } from '@server/mail/order-mails';
import { acceptRevisionInputSchema } from '@shared/schemas/quote';
import { callerFor, createTestUser } from '../support/context';
import { trpcErrorOf } from '../support/http';
import { callProcedure } from '../support/procedures';
import { useTestApp } from '../support/test-app';
import { stockOf } from '../support/quotes';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });
let customer: SessionUser;
let admin: SessionUser;
let counter = 0;

beforeAll(async () => {
  customer = await createTestUser(world.deps, { fullName: 'Ana Peña' });
  admin = await createTestUser(world.deps, { role: 'admin' });
});

async function quotedOrder() {
  const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '100.00' }]);
  const { id } = await callerFor(world.deps, customer).orders.requestQuote({
    email: 'compras@empresa.uy',
    items: [{ variantId: variant!.id, quantity: 2 }],
    idempotencyKey: `decisions-${Date.now()}-${++counter}`,
  });
  const [row] = await queryRows<{ day: string }>(
    world.db,
    sql`select (((now() at time zone 'America/Montevideo')::date) + 5)::text as day`,
  );
  await callerFor(world.deps, admin).admin.orders.sendRevision({
    orderId: id,
    lines: [{ variantId: variant!.id, quantity: 2, unitPrice: '95.00', discountPercent: '0' }],
    validUntil: row!.day,
  });
  return { orderId: id, variantId: variant!.id };
}

/** The mails queued for the order whose subject starts so, newest first. */
async function mailsOf(orderId: number, subject: string) {
  const rows = await world.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.kind, 'mail'))
    .orderBy(desc(outbox.id));
  return rows
    .map((row) => row.payload as MailPayload)
    .filter((mail) => mail.subject.startsWith(subject) && mail.subject.includes(`${orderId}`));
}

describe("the customer's purchase order (OC)", () => {
  it('is stored on the order, shown to both sides and written in the staff mail', async () => {
    const { orderId } = await quotedOrder();
    await callerFor(world.deps, customer).account.orders.accept({
      id: orderId,
      revision: 1,
      purchaseOrder: '  OC-2026-0042 ',
    });
    const [row] = await world.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'Concretado', purchaseOrder: 'OC-2026-0042' });
    expect(await callerFor(world.deps, admin).admin.orders.get({ id: orderId })).toMatchObject({
      purchaseOrder: 'OC-2026-0042',
    });
    expect(await callerFor(world.deps, customer).account.orders.get({ id: orderId })).toMatchObject(
      { purchaseOrder: 'OC-2026-0042' },
    );
    const [mail] = await mailsOf(orderId, 'Cotización aceptada');
    expect(mail!.text).toContain('Orden de compra (OC): OC-2026-0042');
    expect(mail!.html).toContain('Orden de compra (OC): OC-2026-0042');
  });

  it('is optional: without it the order has none and the mail says nothing of it', async () => {
    const { orderId } = await quotedOrder();
    await callerFor(world.deps, customer).account.orders.accept({ id: orderId, revision: 1 });
    const [row] = await world.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.purchaseOrder).toBeNull();
    const [mail] = await mailsOf(orderId, 'Cotización aceptada');
    expect(mail!.text).not.toContain('Orden de compra');
  });

  it('is refused past 40 characters, under its field, and the quote stays open', async () => {
    expect(
      acceptRevisionInputSchema.safeParse({ id: 1, revision: 1, purchaseOrder: 'x'.repeat(40) })
        .success,
    ).toBe(true);
    const { orderId } = await quotedOrder();
    const response = await callProcedure(
      world.app,
      { path: 'account.orders.accept', type: 'mutation' },
      {
        input: { id: orderId, revision: 1, purchaseOrder: 'x'.repeat(41) },
        cookie: await cookieOf(customer),
      },
    );
    expect(response.statusCode).toBe(400);
    expect(trpcErrorOf(response).data.fieldErrors).toEqual({
      purchaseOrder: ['La orden de compra no debe exceder los 40 caracteres'],
    });
    const [row] = await world.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'Modificado', purchaseOrder: null });
  });
});

async function cookieOf(user: SessionUser) {
  const token = generateSessionToken();
  await createSession(world.db, token, user.user.id, world.deps.clock.now());
  return `session=${token}`;
}

describe("staff's reason for a change that releases stock", () => {
  it('is required to cancel, under the field, and nothing changes without it', async () => {
    const { orderId, variantId } = await quotedOrder();
    const stock = await stockOf(world.db, variantId);
    const response = await callProcedure(
      world.app,
      { path: 'admin.orders.setStatus', type: 'mutation' },
      { input: { id: orderId, status: 'Cancelado', reason: '   ' }, cookie: world.adminCookie },
    );
    expect(response.statusCode).toBe(400);
    expect(trpcErrorOf(response)).toMatchObject({
      message: 'Escribí el motivo',
      data: { fieldErrors: { reason: ['Escribí el motivo'] } },
    });
    const [row] = await world.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('Modificado');
    expect(await stockOf(world.db, variantId)).toBe(stock);
    expect(
      await world.db.$count(
        orderStatusHistory,
        and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'Cancelado')),
      ),
    ).toBe(0);
  });

  it('is not asked for changes that keep the stock', async () => {
    const { orderId } = await quotedOrder();
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: orderId,
      status: 'Concretado',
    });
    const [row] = await world.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('Concretado');
  });

  it('reaches the customer in the order history and in the status mail', async () => {
    const { orderId, variantId } = await quotedOrder();
    const stock = (await stockOf(world.db, variantId))!;
    const reason = 'El proveedor discontinuó el modelo';
    const changed = await callerFor(world.deps, admin).admin.orders.setStatus({
      id: orderId,
      status: 'Cancelado',
      reason,
    });
    expect(changed).toMatchObject({ status: 'Cancelado', isStockMoved: true });
    expect(await stockOf(world.db, variantId)).toBe(stock + 2);
    const order = await callerFor(world.deps, customer).account.orders.get({ id: orderId });
    expect(order.history.at(-1)).toMatchObject({
      fromStatus: 'Modificado',
      toStatus: 'Cancelado',
      note: reason,
    });
    const [mail] = await mailsOf(orderId, 'Tu pedido');
    expect(mail!.subject).toBe(`Tu pedido N° ${orderId} ahora está: Cancelado`);
    expect(mail!.text).toContain(`Motivo: ${reason}`);
  });
});
