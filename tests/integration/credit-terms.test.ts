// A company's payment terms and credit limit (docs/decisions/083-terms-credit-and-due-dates.md):
// an accepted quote gets its amount owed and its due day; an acceptance that passes the
// available credit waits for staff in 'Aprobación de crédito', holding its stock, after the
// company's own spending-limit approval; staff approve it or decline it with a reason.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { auditLog, creditReviews } from '@server/db/schema';
import { runQuoteDeadlines } from '@server/jobs';
import { renderQuotePdf } from '@server/pdf/quote-pdf';
import { loadQuoteDocument } from '@server/services/orders/quote-document';
import { startDueDateOnDelivery } from '@server/services/collections/conclusion';
import { collectionsMessages } from '@shared/collections-messages';
import { CREDIT_APPROVAL_STATUS } from '@shared/order-status';
import { DAY_MS } from '../support/clock';
import { acceptedQuote, orderAxis, revisedQuote } from '../support/collections';
import { callerFor, createTestUser } from '../support/context';
import { pdfText } from '../support/pdf-text';
import { freshRut } from '../support/rut';
import { deliveredTo, linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { stockOf } from '../support/quotes';

const world = useMailWorld();
// Monday 2 November 2026, noon in Montevideo.
const MONDAY = '2026-11-02T15:00:00Z';
let owner: SessionUser;
let member: SessionUser;
let loner: SessionUser;
let staff: SessionUser;
let companyId: number;

const as = (user: SessionUser) => callerFor(world.deps, user);
const setTerms = (terms: {
  paymentTermsDays: 0 | 30 | 60 | 90;
  paymentTermsFrom?: 'acceptance' | 'delivery';
  creditLimit?: string;
}) =>
  as(staff).admin.collections.setTerms({
    companyId,
    paymentTermsFrom: 'acceptance',
    creditLimit: '',
    ...terms,
  });
const accept = (buyer: SessionUser, total: string) =>
  acceptedQuote(world.deps, { buyer, staff, total });

beforeAll(async () => {
  world.clock.set(MONDAY);
  owner = await createTestUser(world.deps, { fullName: 'Olga Dueña', emailVerified: true });
  member = await createTestUser(world.deps, { fullName: 'Mario Miembro' });
  loner = await createTestUser(world.deps, { fullName: 'Lucía Sola' });
  staff = await createTestUser(world.deps, { role: 'admin', fullName: 'Personal Tienda' });
  await as(owner).account.profile.update({ companyName: 'Crédito S.A.', rut: freshRut() });
  await as(owner).account.company.invite({ email: member.user.email });
  const mail = await mailTo(world, member.user.email, 'Te invitaron a');
  await as(member).invitations.accept({ token: linkIn(mail, '/invitacion').token });
  companyId = (await as(owner).account.company.members())!.company.id;
});

describe('terms and limit', () => {
  it('are Contado without limit until staff set them, then logged field by field', async () => {
    expect(await as(staff).admin.collections.credit({ id: companyId })).toMatchObject({
      paymentTermsDays: 0,
      paymentTermsFrom: 'acceptance',
      creditLimit: null,
      available: null,
    });
    await setTerms({ paymentTermsDays: 30, creditLimit: '5.000' });
    expect(await as(staff).admin.collections.credit({ id: companyId })).toMatchObject({
      paymentTermsDays: 30,
      creditLimit: '5000.00',
      used: '0',
      available: '5000.00',
    });
    const [entry] = await world.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'company'), eq(auditLog.entityId, String(companyId))));
    expect(entry?.changes).toMatchObject({
      paymentTermsDays: { before: 0, after: 30 },
      creditLimit: { before: null, after: '5000.00' },
    });
  });

  it('refuse a limit typed ambiguously, under its field', async () => {
    await expect(
      as(staff).admin.collections.setTerms({
        companyId,
        paymentTermsDays: 30,
        paymentTermsFrom: 'acceptance',
        creditLimit: '1,200.50',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('are staff-only', async () => {
    await expect(as(owner).admin.collections.credit({ id: companyId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('an acceptance', () => {
  it('fixes the amount owed and a due day 30 days on, in the buyer’s mail', async () => {
    const { id, answer } = await accept(owner, '3000');
    expect(answer).toEqual({ id, isPendingApproval: false });
    expect(await orderAxis(world.db, id)).toEqual({
      status: 'Concretado',
      amountDue: '3000.00',
      dueOn: '2026-12-02',
      paymentTermsDays: 30,
      paymentTermsFrom: 'acceptance',
    });
    const mail = await mailTo(world, owner.user.email, `Tu pedido N° ${id} ahora está: Concretado`);
    expect(mail.text).toContain('Vence el 02/12/2026');
    // The accepted quote's PDF says it too; the quote as sent did not know it.
    const pdf = await renderQuotePdf((await loadQuoteDocument(world.deps, id, 1))!);
    expect(pdfText(pdf)).toContain('Vence el 02/12/2026 (Crédito a 30 días desde la aceptación)');
    expect(await as(staff).admin.collections.credit({ id: companyId })).toMatchObject({
      used: '3000.00',
      available: '2000.00',
    });
  });

  it('moves a due day that lands on a weekend to the Monday', async () => {
    await setTerms({ paymentTermsDays: 60, creditLimit: '100000' });
    // 2 November + 60 days is Friday 1 January; from Wednesday 4 November it is Sunday 3 January.
    world.clock.set('2026-11-04T15:00:00Z');
    const { id } = await accept(owner, '100');
    expect((await orderAxis(world.db, id)).dueOn).toBe('2027-01-04');
    // Cancelled, it owes nothing and uses no credit.
    await as(staff).admin.orders.setStatus({ id, status: 'Cancelado', reason: 'Prueba' });
    world.clock.set(MONDAY);
    await setTerms({ paymentTermsDays: 30, creditLimit: '5000' });
  });

  it('above the available credit waits for the store, holding its stock', async () => {
    const { id, variantId, answer } = await accept(owner, '3000');
    expect(answer).toEqual({
      id,
      isPendingApproval: false,
      creditHold: { available: '2000.00' },
    });
    expect(await orderAxis(world.db, id)).toMatchObject({
      status: CREDIT_APPROVAL_STATUS,
      amountDue: null,
      dueOn: null,
    });
    expect(await stockOf(world.db, variantId)).toBe(99);
    const mail = await mailTo(
      world,
      'ventas@tienda.com.uy',
      `Aprobación de crédito: pedido N° ${id}`,
    );
    expect(mail.text).toContain('US$ 2.000,00');
    expect(await as(staff).admin.collections.creditReview({ orderId: id })).toMatchObject({
      total: '3000.00',
      available: '2000.00',
      companyName: 'Crédito S.A.',
    });
    // It is not the buyer's to accept again meanwhile.
    await expect(as(owner).account.orders.accept({ id, revision: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('declined by staff is open again with the reason mailed to the buyer', async () => {
    const { id, variantId } = await accept(owner, '2500');
    await expect(
      as(staff).admin.collections.declineCredit({ orderId: id, reason: ' ' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await as(staff).admin.collections.declineCredit({
      orderId: id,
      reason: 'Tienen dos facturas vencidas',
    });
    expect((await orderAxis(world.db, id)).status).toBe('Modificado');
    expect(await stockOf(world.db, variantId)).toBe(99);
    const mail = await mailTo(
      world,
      owner.user.email,
      `No aprobamos el crédito del pedido N° ${id}`,
    );
    expect(mail.text).toContain('Tienen dos facturas vencidas');
    const [review] = await world.db
      .select()
      .from(creditReviews)
      .where(eq(creditReviews.orderId, id));
    expect(review).toMatchObject({ isApproved: false, reason: 'Tienen dos facturas vencidas' });
    await expect(as(staff).admin.collections.approveCredit({ orderId: id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: collectionsMessages.creditNotPending,
    });
  });

  it('approved by staff is Concretado, due from the approval day', async () => {
    const { id } = await accept(owner, '2500');
    world.clock.advance(DAY_MS);
    await as(staff).admin.collections.approveCredit({ orderId: id });
    expect(await orderAxis(world.db, id)).toMatchObject({
      status: 'Concretado',
      amountDue: '2500.00',
      dueOn: '2026-12-03',
    });
    const mail = await mailTo(world, owner.user.email, `Tu pedido N° ${id} ahora está: Concretado`);
    expect(mail.text).toContain('Vence el 03/12/2026');
    expect(await as(staff).admin.collections.credit({ id: companyId })).toMatchObject({
      available: '0.00',
    });
    world.clock.set(MONDAY);
  });

  it("runs after the company's own spending-limit approval", async () => {
    await as(owner).account.company.setSpendingLimit({
      customerId: member.customer!.id,
      limit: '50',
    });
    const { id, answer } = await accept(member, '100');
    expect(answer).toEqual({ id, isPendingApproval: true });
    await as(owner).account.company.approve({ orderId: id });
    expect((await orderAxis(world.db, id)).status).toBe(CREDIT_APPROVAL_STATUS);
    await mailTo(world, 'ventas@tienda.com.uy', `Aprobación de crédito: pedido N° ${id}`);
    const history = await as(staff).admin.orders.get({ id });
    expect(history.history.at(-1)?.note).toContain('Aprobada por Olga Dueña');
    expect(history.history.at(-1)?.note).toContain('Supera el crédito disponible');
  });

  it('waiting for credit expires with its quote like any open one', async () => {
    const { id, variantId } = await revisedQuote(world.deps, { buyer: owner, staff, total: '915' });
    await as(owner).account.orders.accept({ id, revision: 1 });
    expect((await orderAxis(world.db, id)).status).toBe(CREDIT_APPROVAL_STATUS);
    world.clock.set('2100-01-01T15:00:00Z');
    const { expired } = await runQuoteDeadlines(world.deps);
    world.clock.set(MONDAY);
    expect(expired).toContain(id);
    expect((await orderAxis(world.db, id)).status).toBe('Vencida');
    expect(await stockOf(world.db, variantId)).toBe(100);
  });
});

describe('without a company', () => {
  it('buys Contado: due on the day it is accepted, never waiting for credit', async () => {
    const { id, answer } = await accept(loner, '50000');
    expect(answer).toEqual({ id, isPendingApproval: false });
    expect(await orderAxis(world.db, id)).toMatchObject({
      status: 'Concretado',
      amountDue: '50000.00',
      dueOn: '2026-11-02',
      paymentTermsDays: 0,
    });
  });
});

describe('terms from delivery', () => {
  it('leave the due day to the delivery, which sets it once', async () => {
    await setTerms({ paymentTermsDays: 30, paymentTermsFrom: 'delivery', creditLimit: '' });
    const { id } = await accept(owner, '400');
    expect(await orderAxis(world.db, id)).toMatchObject({
      status: 'Concretado',
      amountDue: '400.00',
      dueOn: null,
      paymentTermsFrom: 'delivery',
    });
    // Delivered on Friday 6 November at 23:30 in Montevideo: that day counts.
    const delivered = new Date('2026-11-07T02:30:00Z');
    const set = await world.db.transaction((tx) => startDueDateOnDelivery(tx, id, delivered));
    expect(set).toBe('2026-12-07');
    expect((await orderAxis(world.db, id)).dueOn).toBe('2026-12-07');
    const again = await world.db.transaction((tx) =>
      startDueDateOnDelivery(tx, id, new Date('2026-11-20T15:00:00Z')),
    );
    expect(again).toBeNull();
    expect((await orderAxis(world.db, id)).dueOn).toBe('2026-12-07');
    await setTerms({ paymentTermsDays: 30, creditLimit: '5000' });
  });

  it('leave an order on acceptance terms alone', async () => {
    const { id } = await accept(loner, '10');
    const set = await world.db.transaction((tx) =>
      startDueDateOnDelivery(tx, id, new Date('2026-11-20T15:00:00Z')),
    );
    expect(set).toBeNull();
    expect((await orderAxis(world.db, id)).dueOn).toBe('2026-11-02');
  });
});

describe('leaving Concretado', () => {
  it('clears the payment axis while nothing was paid', async () => {
    const { id } = await accept(loner, '20');
    await as(staff).admin.orders.setStatus({
      id,
      status: 'Cancelado',
      reason: 'Lo pidió el cliente',
    });
    expect(await orderAxis(world.db, id)).toMatchObject({ amountDue: null, dueOn: null });
    await deliveredTo(world, loner.user.email);
  });
});
