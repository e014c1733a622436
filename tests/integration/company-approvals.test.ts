// A member's spending limit: accepting a quote above it sends the order to
// 'Aprobación pendiente', which holds its stock; the company's administrators are mailed and
// only one of them approves it or declines it with a reason.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { orderStatusHistory, orders } from '@server/db/schema';
import { expireQuotes } from '@server/services/orders/quote-expiry';
import { storeDay } from '@shared/format';
import { messages } from '@shared/messages';
import { PENDING_APPROVAL_STATUS } from '@shared/order-status';
import { DAY_MS } from '../support/clock';
import { callerFor, createTestUser } from '../support/context';
import { linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { freshRut } from '../support/rut';
import { stockOf } from '../support/quotes';
import { createTestProduct } from './orders-fixtures';

const world = useMailWorld();
let counter = 0;
let admin: SessionUser;
let buyer: SessionUser;
let colleague: SessionUser;
let staff: SessionUser;

const as = (user: SessionUser) => callerFor(world.deps, user);

async function join(user: SessionUser) {
  await as(admin).account.company.invite({ email: user.user.email });
  const mail = await mailTo(world, user.user.email, 'Te invitaron a');
  await as(user).invitations.accept({ token: linkIn(mail, '/invitacion').token });
}

beforeAll(async () => {
  admin = await createTestUser(world.deps, { fullName: 'Ana Admin', emailVerified: true });
  buyer = await createTestUser(world.deps, { fullName: 'Beto Compras' });
  colleague = await createTestUser(world.deps, { fullName: 'Cata Colega' });
  staff = await createTestUser(world.deps, { role: 'admin', fullName: 'Personal Tienda' });
  await as(admin).account.profile.update({ companyName: 'Límite S.A.', rut: '215555550010' });
  await join(buyer);
  await join(colleague);
  // US$ 500 with tax: a quote of 5 × 100 + IVA (610) is above it, 4 × 100 + IVA (488) is not.
  await as(admin).account.company.setSpendingLimit({
    customerId: buyer.customer!.id,
    limit: '500',
  });
});

const statusOf = async (orderId: number) =>
  (await world.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

/** A quote of `quantity` units at US$ 100 requested by the buyer and revised by the staff. */
async function revisedQuote(quantity: number, requester = buyer, validUntil = '2099-12-31') {
  const [variant] = await createTestProduct(world.db, [{ stock: 50, price: '100.00' }]);
  const { id } = await as(requester).orders.requestQuote({
    email: requester.user.email,
    items: [{ variantId: variant!.id, quantity }],
    idempotencyKey: `aprobacion-${++counter}`,
  });
  await as(staff).admin.orders.sendRevision({
    orderId: id,
    lines: [{ variantId: variant!.id, quantity, unitPrice: '100', discountPercent: '0' }],
    validUntil,
  });
  return { id, variantId: variant!.id };
}

describe('a spending limit', () => {
  it('lets a member accept within it', async () => {
    const { id } = await revisedQuote(4);
    expect(await as(buyer).account.orders.accept({ id, revision: 1 })).toEqual({
      id,
      isPendingApproval: false,
    });
    expect(await statusOf(id)).toBe('Concretado');
  });

  it("sends an acceptance above it to the administrators, holding the quote's stock", async () => {
    const { id, variantId } = await revisedQuote(5);
    const held = await stockOf(world.db, variantId);
    expect(await as(buyer).account.orders.accept({ id, revision: 1 })).toEqual({
      id,
      isPendingApproval: true,
    });
    expect(await statusOf(id)).toBe(PENDING_APPROVAL_STATUS);
    expect(await stockOf(world.db, variantId)).toBe(held);
    const mail = await mailTo(world, admin.user.email, `Aprobación pendiente: pedido N° ${id}`);
    expect(mail.text).toContain('Beto Compras');
    expect(mail.text).toContain(`https://tienda.example/account/pedidos/${id}`);
    // The member cannot accept it again meanwhile.
    await expect(as(buyer).account.orders.accept({ id, revision: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('counts a quote waiting for approval among the open ones', async () => {
    const { id } = await revisedQuote(5);
    await as(buyer).account.orders.accept({ id, revision: 1 });
    const limited = callerFor(
      { ...world.deps, config: { ...world.deps.config, MAX_OPEN_QUOTES: 1 } },
      buyer,
    );
    await expect(
      limited.orders.requestQuote({
        email: buyer.user.email,
        items: [
          {
            variantId: (await createTestProduct(world.db, [{ stock: 5, price: '1.00' }]))[0]!.id,
            quantity: 1,
          },
        ],
        idempotencyKey: `abiertas-${++counter}`,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('is approved by an administrator only; a member or an outsider is refused', async () => {
    const { id } = await revisedQuote(5);
    await as(buyer).account.orders.accept({ id, revision: 1 });
    await expect(as(colleague).account.company.approve({ orderId: id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.companyAdminOnly,
    });
    await expect(as(buyer).account.company.approve({ orderId: id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const outsider = await createTestUser(world.deps);
    await expect(as(outsider).account.company.approve({ orderId: id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await statusOf(id)).toBe(PENDING_APPROVAL_STATUS);

    await as(admin).account.company.approve({ orderId: id });
    expect(await statusOf(id)).toBe('Concretado');
    const [last] = await world.db
      .select({ note: orderStatusHistory.note, changedBy: orderStatusHistory.changedBy })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.id)
      .then((rows) => rows.slice(-1));
    expect(last).toEqual({ note: 'Aprobada por Ana Admin', changedBy: admin.user.id });
    await mailTo(world, buyer.user.email, `Tu pedido N° ${id} fue aprobado`);
    await mailTo(world, 'ventas@tienda.com.uy', `Cotización aceptada N° ${id}-1`);
    await expect(as(admin).account.company.approve({ orderId: id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.approvalNotPending,
    });
  });

  it('is declined with a reason the member reads; the quote stays open with its stock', async () => {
    const { id, variantId } = await revisedQuote(5);
    const held = await stockOf(world.db, variantId);
    await as(buyer).account.orders.accept({ id, revision: 1 });
    await expect(as(admin).account.company.decline({ orderId: id, reason: '   ' })).rejects.toThrow(
      messages.declineReasonRequired,
    );
    await as(admin).account.company.decline({ orderId: id, reason: 'Esperemos al próximo mes' });
    expect(await statusOf(id)).toBe('Modificado');
    expect(await stockOf(world.db, variantId)).toBe(held);
    const mail = await mailTo(world, buyer.user.email, `Tu pedido N° ${id} no fue aprobado`);
    expect(mail.text).toContain('Esperemos al próximo mes');
    const history = (await as(buyer).account.orders.get({ id })).history;
    expect(history.at(-1)).toMatchObject({
      toStatus: 'Modificado',
      note: 'Rechazada por Ana Admin: Esperemos al próximo mes',
    });
  });

  it('does not apply to an administrator, nor to a limit cleared', async () => {
    await as(admin).account.company.setSpendingLimit({
      customerId: admin.customer!.id,
      limit: '1',
    });
    const own = await revisedQuote(5, admin);
    expect(await as(admin).account.orders.accept({ id: own.id, revision: 1 })).toMatchObject({
      isPendingApproval: false,
    });
    await as(admin).account.company.setSpendingLimit({ customerId: buyer.customer!.id, limit: '' });
    try {
      const { id } = await revisedQuote(5);
      expect(await as(buyer).account.orders.accept({ id, revision: 1 })).toMatchObject({
        isPendingApproval: false,
      });
    } finally {
      await as(admin).account.company.setSpendingLimit({
        customerId: buyer.customer!.id,
        limit: '500',
      });
    }
  });

  it("reads a limit typed the Uruguayan way: '1.500' is fifteen hundred", async () => {
    await as(admin).account.company.setSpendingLimit({
      customerId: buyer.customer!.id,
      limit: '1.500',
    });
    try {
      const { id } = await revisedQuote(5);
      expect(await as(buyer).account.orders.accept({ id, revision: 1 })).toMatchObject({
        isPendingApproval: false,
      });
      await expect(
        as(admin).account.company.setSpendingLimit({
          customerId: buyer.customer!.id,
          limit: '1,500',
        }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    } finally {
      await as(admin).account.company.setSpendingLimit({
        customerId: buyer.customer!.id,
        limit: '500',
      });
    }
  });

  it('expires with its validity while it waits, giving its stock back', async () => {
    const lastDay = storeDay(new Date(world.clock.now().getTime() + 2 * DAY_MS));
    const { id, variantId } = await revisedQuote(5, buyer, lastDay);
    await as(buyer).account.orders.accept({ id, revision: 1 });
    expect(await statusOf(id)).toBe(PENDING_APPROVAL_STATUS);
    world.clock.advance(4 * DAY_MS);
    try {
      const store = await world.deps.storeIdentity();
      expect(await expireQuotes(world.db, { now: world.clock.now(), store })).toContain(id);
      expect(await statusOf(id)).toBe('Vencida');
      expect(await stockOf(world.db, variantId)).toBe(50);
      await expect(as(admin).account.company.approve({ orderId: id })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: messages.approvalNotPending,
      });
    } finally {
      world.clock.advance(-4 * DAY_MS);
    }
  });
});

// docs/decisions/074-a-rut-is-not-a-key.md: an order of the company is acted on by its current
// members only, under the limits in force when they act.
describe('who has left the company', () => {
  const setLimit = (user: SessionUser, limit: string) =>
    as(admin).account.company.setSpendingLimit({ customerId: user.customer!.id, limit });
  const FORMER = { code: 'FORBIDDEN', message: messages.orderFormerMember };

  it('reads the quote they requested but no longer accepts it nor writes on it', async () => {
    const leaver = await createTestUser(world.deps, { fullName: 'Lía Saliente' });
    await join(leaver);
    await setLimit(leaver, '500');
    const { id } = await revisedQuote(5, leaver);
    await as(leaver).account.company.leave();

    const read = await as(leaver).account.orders.get({ id });
    expect(read.reader).toEqual({ isRequester: true, isCompanyAdmin: false, canAct: false });
    await expect(as(leaver).account.orders.accept({ id, revision: 1 })).rejects.toMatchObject(
      FORMER,
    );
    expect(await statusOf(id)).toBe('Modificado');
    await expect(
      as(leaver).account.orders.sendMessage({ orderId: id, body: 'Igual lo quiero' }),
    ).rejects.toMatchObject(FORMER);

    // Those still in the company go on with it.
    await as(colleague).account.orders.sendMessage({ orderId: id, body: 'Lo seguimos nosotros' });
    const seen = await as(admin).account.orders.get({ id });
    expect(seen.reader).toEqual({ isRequester: false, isCompanyAdmin: true, canAct: true });
    expect(seen.messages.map((message) => message.body)).toEqual(['Lo seguimos nosotros']);
  });

  it('once removed, is refused everywhere, even from a company of their own', async () => {
    const removed = await createTestUser(world.deps, { fullName: 'Rodo Quitado' });
    await join(removed);
    await setLimit(removed, '500');
    const pending = await revisedQuote(5, removed);
    await as(removed).account.orders.accept({ id: pending.id, revision: 1 });
    expect(await statusOf(pending.id)).toBe(PENDING_APPROVAL_STATUS);
    const lastDay = storeDay(new Date(world.clock.now().getTime() + 2 * DAY_MS));
    const open = await revisedQuote(4, removed, lastDay);
    await as(admin).account.company.removeMember({ customerId: removed.customer!.id });
    await as(removed).account.profile.update({ companyName: 'Propia SRL', rut: freshRut() });

    await expect(
      as(removed).account.orders.accept({ id: open.id, revision: 1 }),
    ).rejects.toMatchObject(FORMER);
    expect(await statusOf(open.id)).toBe('Modificado');
    await expect(
      as(removed).account.company.approve({ orderId: pending.id }),
    ).rejects.toMatchObject(FORMER);
    world.clock.advance(4 * DAY_MS);
    try {
      const store = await world.deps.storeIdentity();
      expect(await expireQuotes(world.db, { now: world.clock.now(), store })).toContain(open.id);
      await expect(
        as(removed).account.orders.requestRenewal({ id: open.id }),
      ).rejects.toMatchObject(FORMER);
    } finally {
      world.clock.advance(-4 * DAY_MS);
    }
    // The company's administrator still decides the approval the member asked for.
    await as(admin).account.company.decline({ orderId: pending.id, reason: 'Ya no está' });
    expect(await statusOf(pending.id)).toBe('Modificado');
    await expect(
      as(removed).account.orders.accept({ id: pending.id, revision: 1 }),
    ).rejects.toMatchObject(FORMER);
  });

  it('applies the limit in force at acceptance, lowered after the quote was made', async () => {
    await setLimit(buyer, '1.000');
    try {
      const { id } = await revisedQuote(5);
      await setLimit(buyer, '600');
      expect(await as(buyer).account.orders.accept({ id, revision: 1 })).toEqual({
        id,
        isPendingApproval: true,
      });
      expect(await statusOf(id)).toBe(PENDING_APPROVAL_STATUS);
    } finally {
      await setLimit(buyer, '500');
    }
  });
});
