// A quote's negotiation (docs/decisions/090-asking-for-changes-is-an-event.md): the buyer asks
// for changes with a reason, both sides see it until the next revision, staff are mailed; each
// revision says what changed; the buyer's page carries their spending limit; and staff's
// 'Cotización aceptada' mail has the OC and the total on every path to an acceptance.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { messages } from '@shared/messages';
import { negotiationMessages } from '@shared/negotiation';
import { callerFor, createTestUser } from '../support/context';
import { linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { freshRut } from '../support/rut';
import { createTestProduct } from './orders-fixtures';

const world = useMailWorld();
const STAFF_INBOX = 'ventas@tienda.com.uy';
let counter = 0;
let admin: SessionUser;
let buyer: SessionUser;
let colleague: SessionUser;
let staff: SessionUser;
let companyId: number;

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
  await as(admin).account.profile.update({ companyName: 'Tratos S.A.', rut: freshRut() });
  await join(buyer);
  await join(colleague);
  companyId = (await as(admin).account.company.members())!.company.id;
  await as(admin).account.company.setSpendingLimit({
    customerId: buyer.customer!.id,
    limit: '1.000',
  });
});

type Line = { variantId: number; quantity: number; unitPrice: string };

const sendRevision = (orderId: number, lines: Line[]) =>
  as(staff).admin.orders.sendRevision({
    orderId,
    lines: lines.map((line) => ({ ...line, discountPercent: '0' })),
    validUntil: '2099-12-31',
  });

/** A quote of two products requested by `requester` and answered with revision 1. */
async function revisedQuote(requester = buyer, unitPrice = '100') {
  const variants = await createTestProduct(world.db, [
    { stock: 50, price: '100.00' },
    { stock: 50, price: '50.00' },
  ]);
  const [a, b] = variants.map((variant) => variant.id) as [number, number];
  const { id } = await as(requester).orders.requestQuote({
    email: requester.user.email,
    items: [
      { variantId: a, quantity: 2 },
      { variantId: b, quantity: 1 },
    ],
    idempotencyKey: `negociacion-${++counter}`,
  });
  await sendRevision(id, [
    { variantId: a, quantity: 2, unitPrice },
    { variantId: b, quantity: 1, unitPrice: '50' },
  ]);
  return { id, a, b };
}

describe("'Pedir cambios'", () => {
  it('is recorded, shown to both sides until the next revision, and mailed to staff', async () => {
    const { id, a, b } = await revisedQuote();
    await as(buyer).account.orders.requestChanges({
      id,
      revision: 1,
      reason: '  Necesitamos 3 unidades y un mejor precio  ',
    });
    const seen = await as(buyer).account.orders.get({ id });
    expect(seen.status).toBe('Modificado');
    expect(seen.openChangeRequest).toMatchObject({
      revision: 1,
      reason: 'Necesitamos 3 unidades y un mejor precio',
      requestedByName: 'Beto Compras',
    });
    expect((await as(staff).admin.orders.get({ id })).openChangeRequest).toMatchObject({
      revision: 1,
      reason: 'Necesitamos 3 unidades y un mejor precio',
    });
    // Colleagues read it on the company's order too.
    expect((await as(colleague).account.orders.get({ id })).openChangeRequest?.revision).toBe(1);
    const mail = await mailTo(world, STAFF_INBOX, `Cambios pedidos: cotización N° ${id}-1`);
    expect(mail.text).toContain('Beto Compras pide cambios');
    expect(mail.text).toContain('Necesitamos 3 unidades y un mejor precio');
    expect(mail.text).toContain(`https://tienda.example/dashboard/ordenes/${id}`);

    // Once per revision: what more there is to say goes in a message.
    await expect(
      as(buyer).account.orders.requestChanges({ id, revision: 1, reason: 'Otra cosa' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: negotiationMessages.changeAlreadyRequested,
    });

    await sendRevision(id, [
      { variantId: a, quantity: 3, unitPrice: '90' },
      { variantId: b, quantity: 1, unitPrice: '50' },
    ]);
    const answered = await as(buyer).account.orders.get({ id });
    expect(answered.openChangeRequest).toBeNull();
    // The history keeps it, on its revision.
    expect(answered.changeRequests).toEqual([
      expect.objectContaining({ revision: 1, reason: 'Necesitamos 3 unidades y un mejor precio' }),
    ]);
    expect((await as(staff).admin.orders.get({ id })).openChangeRequest).toBeNull();
  });

  it('refuses an old revision, an empty or long reason, and an order not waiting', async () => {
    const { id, a } = await revisedQuote();
    await sendRevision(id, [{ variantId: a, quantity: 1, unitPrice: '100' }]);
    await expect(
      as(buyer).account.orders.requestChanges({ id, revision: 1, reason: 'Más barato' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: negotiationMessages.changeNotCurrent });
    await expect(
      as(buyer).account.orders.requestChanges({ id, revision: 2, reason: '   ' }),
    ).rejects.toThrow('Contanos qué querés cambiar');
    await expect(
      as(buyer).account.orders.requestChanges({ id, revision: 2, reason: 'x'.repeat(1001) }),
    ).rejects.toThrow('El motivo no debe exceder los 1000 caracteres');

    await as(buyer).account.orders.accept({ id, revision: 2 });
    await expect(
      as(buyer).account.orders.requestChanges({ id, revision: 2, reason: 'Más barato' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: negotiationMessages.changeNotOpen });

    // A request before any revision: there is nothing sent to change.
    const { id: unanswered } = await as(buyer).orders.requestQuote({
      email: buyer.user.email,
      items: [{ variantId: a, quantity: 1 }],
      idempotencyKey: `negociacion-${++counter}`,
    });
    await expect(
      as(buyer).account.orders.requestChanges({ id: unanswered, revision: 1, reason: 'Algo' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: negotiationMessages.changeNotCurrent });
  });

  it("is only the requester's, while a current member; another customer does not find it", async () => {
    const leaver = await createTestUser(world.deps, { fullName: 'Lía Saliente' });
    await join(leaver);
    const { id } = await revisedQuote(leaver);
    // A colleague reads it but asks through a message, as they cannot accept it either.
    await expect(
      as(colleague).account.orders.requestChanges({ id, revision: 1, reason: 'Más barato' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const outsider = await createTestUser(world.deps);
    await expect(
      as(outsider).account.orders.requestChanges({ id, revision: 1, reason: 'Más barato' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await as(leaver).account.company.leave();
    await expect(
      as(leaver).account.orders.requestChanges({ id, revision: 1, reason: 'Más barato' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: messages.orderFormerMember });
    expect((await as(admin).account.orders.get({ id })).openChangeRequest).toBeNull();
  });
});

describe('what a revision changed', () => {
  it('is said on every revision after the first, to both sides', async () => {
    const { id, a, b } = await revisedQuote();
    const [extra] = await createTestProduct(world.db, [{ stock: 5, price: '10.00' }]);
    await sendRevision(id, [
      { variantId: a, quantity: 3, unitPrice: '90' },
      { variantId: extra!.id, quantity: 1, unitPrice: '10' },
    ]);
    const { revisions } = await as(buyer).account.orders.get({ id });
    expect(revisions.map((revision) => revision.number)).toEqual([2, 1]);
    expect(revisions[1]!.changes).toBeNull();
    const changes = revisions[0]!.changes!;
    expect(changes.total).toEqual({ before: '305.00', after: '341.60' });
    expect(changes.lines.map((line) => [line.kind, line.quantity, line.unitPrice])).toEqual([
      ['changed', { before: 2, after: 3 }, { before: '100.00', after: '90.00' }],
      ['added', undefined, undefined],
      ['removed', undefined, undefined],
    ]);
    expect(changes.lines[2]!.label).toContain(
      (await as(staff).admin.orders.get({ id })).revisions[1]!.lines.find(
        (line) => line.variantId === b,
      )!.productName,
    );
    expect((await as(staff).admin.orders.get({ id })).revisions[0]!.changes).toEqual(changes);
  });
});

describe('the spending limit on the order', () => {
  it("is the member's own on the company's order, none for an administrator", async () => {
    const { id } = await revisedQuote();
    expect((await as(buyer).account.orders.get({ id })).spendingLimit).toBe('1000.00');
    // The administrator reading it accepts nothing under a limit of theirs.
    expect((await as(admin).account.orders.get({ id })).spendingLimit).toBeNull();
    const loner = await createTestUser(world.deps);
    const own = await revisedQuote(loner);
    expect((await as(loner).account.orders.get({ id: own.id })).spendingLimit).toBeNull();
  });
});

describe("staff's 'Cotización aceptada'", () => {
  const acceptedMail = (id: number, revision = 1) =>
    mailTo(world, STAFF_INBOX, `Cotización aceptada N° ${id}-${revision}`);

  it('carries the OC and the total when the buyer accepts alone', async () => {
    const { id } = await revisedQuote();
    await as(buyer).account.orders.accept({ id, revision: 1, purchaseOrder: 'OC-7781' });
    const mail = await acceptedMail(id);
    expect(mail.text).toContain('Beto Compras (Tratos S.A.) aceptó la cotización');
    expect(mail.text).toContain('Total: US$ 305,00 (IVA incluido)');
    expect(mail.text).toContain('Orden de compra (OC): OC-7781');
  });

  it('carries the total without an OC line when none was given', async () => {
    const { id } = await revisedQuote();
    await as(buyer).account.orders.accept({ id, revision: 1 });
    const mail = await acceptedMail(id);
    expect(mail.text).toContain('Total: US$ 305,00 (IVA incluido)');
    expect(mail.text).not.toContain('Orden de compra');
  });

  it("carries the member's OC and the total when an administrator approves it", async () => {
    // 2 × 500 + 50, with IVA: US$ 1.281,00, above the member's US$ 1.000.
    const { id } = await revisedQuote(buyer, '500');
    expect(
      await as(buyer).account.orders.accept({ id, revision: 1, purchaseOrder: 'OC-APR-1' }),
    ).toMatchObject({ isPendingApproval: true });
    await as(admin).account.company.approve({ orderId: id });
    const mail = await acceptedMail(id);
    expect(mail.text).toContain('con la aprobación de Ana Admin, administrador de la empresa');
    expect(mail.text).toContain('Total: US$ 1.281,00 (IVA incluido)');
    expect(mail.text).toContain('Orden de compra (OC): OC-APR-1');
  });

  it('carries them when the store approves the credit', async () => {
    await as(staff).admin.collections.setTerms({
      companyId,
      paymentTermsDays: 30,
      paymentTermsFrom: 'acceptance',
      creditLimit: '100',
    });
    try {
      const { id } = await revisedQuote();
      const answer = await as(buyer).account.orders.accept({
        id,
        revision: 1,
        purchaseOrder: 'OC-CRED-9',
      });
      expect(answer.creditHold).toBeDefined();
      await mailTo(world, STAFF_INBOX, `pedido N° ${id}`);
      expect(
        world.received.some((mail) => mail.subject.includes(`Cotización aceptada N° ${id}-1`)),
      ).toBe(false);
      await as(staff).admin.collections.approveCredit({ orderId: id });
      const mail = await acceptedMail(id);
      expect(mail.text).toContain('con el crédito aprobado por la tienda');
      expect(mail.text).toContain('Total: US$ 305,00 (IVA incluido)');
      expect(mail.text).toContain('Orden de compra (OC): OC-CRED-9');
    } finally {
      await as(staff).admin.collections.setTerms({
        companyId,
        paymentTermsDays: 0,
        paymentTermsFrom: 'acceptance',
        creditLimit: '',
      });
    }
  });
});

describe("'Volver a pedir'", () => {
  it("names the prices that differ from the order's, with both", async () => {
    // Quoted at US$ 80 against a list price of US$ 100; the other line at its list price.
    const { id, a } = await revisedQuote(buyer, '80');
    const again = await as(buyer).orders.reorder({ id });
    const name = again.lines.find((line) => line.variantId === a)!.productName;
    expect(again.priceChanges).toEqual([{ name, before: '80.00', after: '100.00' }]);
  });
});
