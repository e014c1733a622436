// Payments recorded by staff (docs/decisions/084-payments-statement-and-receivables.md): applied
// to the oldest due orders unless staff choose, in US$ or in pesos at the day's rate, a deferred
// cheque counting from its collection day, a bounced one reversed with a reason; each order
// reads 'Pendiente de pago', 'Pago parcial', 'Pagado' or 'Vencido'.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { auditLog, exchangeRates, payments } from '@server/db/schema';
import { collectionsMessages } from '@shared/collections-messages';
import type { PaymentFormValues } from '@shared/schemas/collections';
import { DAY_MS } from '../support/clock';
import { acceptedQuote } from '../support/collections';
import { callerFor, createTestUser } from '../support/context';
import { freshRut } from '../support/rut';
import { linkIn, mailTo, useMailWorld } from '../support/mail-inbox';

const world = useMailWorld();
// Monday 2 November 2026, noon in Montevideo.
const MONDAY = '2026-11-02T15:00:00Z';
// After every payment below was received, before any due day.
const LATER = '2026-11-10T15:00:00Z';
let owner: SessionUser;
let member: SessionUser;
let loner: SessionUser;
let outsider: SessionUser;
let staff: SessionUser;
let companyId: number;
let older: number;
let newer: number;

const as = (user: SessionUser) => callerFor(world.deps, user);
const company = () => ({ companyId });
const pay = (values: Partial<PaymentFormValues>) =>
  as(staff).admin.collections.recordPayment({
    payer: company(),
    method: 'cash',
    currency: 'USD',
    amount: '1',
    receivedOn: '2026-11-02',
    ...values,
  });
const statusOf = async (orderId: number) =>
  (await as(staff).admin.collections.orderPayment({ orderId }))!;

beforeAll(async () => {
  world.clock.set(MONDAY);
  owner = await createTestUser(world.deps, { fullName: 'Olga Dueña', emailVerified: true });
  member = await createTestUser(world.deps, { fullName: 'Mario Miembro' });
  loner = await createTestUser(world.deps, { fullName: 'Lucía Sola' });
  outsider = await createTestUser(world.deps);
  staff = await createTestUser(world.deps, { role: 'admin', fullName: 'Personal Tienda' });
  await as(owner).account.profile.update({ companyName: 'Pagos S.A.', rut: freshRut() });
  await as(owner).account.company.invite({ email: member.user.email });
  const mail = await mailTo(world, member.user.email, 'Te invitaron a');
  await as(member).invitations.accept({ token: linkIn(mail, '/invitacion').token });
  companyId = (await as(owner).account.company.members())!.company.id;
  await as(staff).admin.collections.setTerms({
    companyId,
    paymentTermsDays: 30,
    paymentTermsFrom: 'acceptance',
    creditLimit: '10000',
  });
  older = (await acceptedQuote(world.deps, { buyer: owner, staff, total: '1000' })).id;
  world.clock.advance(DAY_MS);
  newer = (await acceptedQuote(world.deps, { buyer: member, staff, total: '2440' })).id;
});

describe('a payment in US$', () => {
  it('needs the bank and reference of a transfer, under their fields', async () => {
    await expect(pay({ method: 'transfer', amount: '500' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: {
        issues: expect.arrayContaining([
          expect.objectContaining({ path: ['bank'], message: 'Ingresá el banco' }),
        ]) as unknown,
      },
    });
  });

  it('refused above what the orders owe, writing nothing', async () => {
    await expect(pay({ amount: '3.440,01' })).rejects.toMatchObject({
      cause: {
        issues: [
          {
            path: ['amount'],
            message: 'El pago supera el saldo pendiente de los pedidos elegidos (US$ 3.440,00).',
          },
        ],
      },
    });
    expect(await world.db.$count(payments)).toBe(0);
  });

  it('is never dated after today', async () => {
    await expect(pay({ receivedOn: '2026-11-04' })).rejects.toMatchObject({
      cause: { issues: [{ path: ['receivedOn'], message: collectionsMessages.receivedInFuture }] },
    });
  });

  it('pays the oldest due order first: partly', async () => {
    const paid = await pay({
      method: 'transfer',
      bank: 'BROU',
      reference: 'TR-0001',
      amount: '400',
    });
    expect(paid.applied).toEqual([{ orderId: older, amount: '400.00' }]);
    expect(await statusOf(older)).toMatchObject({
      paymentStatus: 'Pago parcial',
      paid: '400.00',
      balance: '600.00',
      dueOn: '2026-12-02',
    });
    expect((await statusOf(newer)).paymentStatus).toBe('Pendiente de pago');
    const [entry] = await world.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'company'), eq(auditLog.action, 'payment')));
    expect(entry).toMatchObject({ label: 'Pagos S.A.' });
    expect(entry?.changes).toMatchObject({ amount: { after: '400.00' } });
  });

  it('spreads over several orders, the last one partly', async () => {
    const paid = await pay({ method: 'deposit', amount: '1.000' });
    expect(paid.applied).toEqual([
      { orderId: older, amount: '600.00' },
      { orderId: newer, amount: '400.00' },
    ]);
    expect((await statusOf(older)).paymentStatus).toBe('Pagado');
    expect(await statusOf(newer)).toMatchObject({
      paymentStatus: 'Pago parcial',
      balance: '2040.00',
    });
  });

  it('goes where staff chose, and never to another payer’s order', async () => {
    const lonely = (await acceptedQuote(world.deps, { buyer: loner, staff, total: '100' })).id;
    await expect(pay({ amount: '10', orderIds: [lonely] })).rejects.toMatchObject({
      cause: { issues: [{ path: ['orderIds'], message: collectionsMessages.orderNotPayable }] },
    });
    const paid = await as(staff).admin.collections.recordPayment({
      payer: { customerId: loner.customer!.id },
      method: 'cash',
      currency: 'USD',
      amount: '100',
      receivedOn: '2026-11-03',
      orderIds: [lonely],
    });
    expect(paid.applied).toEqual([{ orderId: lonely, amount: '100.00' }]);
    expect((await statusOf(lonely)).paymentStatus).toBe('Pagado');
  });
});

describe('a payment in pesos', () => {
  it('is converted at the rate of the day received, half up, keeping both', async () => {
    await world.db
      .insert(exchangeRates)
      .values({ day: '2026-11-03', rate: '40.0000', quotedOn: '2026-11-02', source: 'bcu' });
    await expect(
      pay({ currency: 'UYU', amount: '1.000', receivedOn: '2026-11-02' }),
    ).rejects.toMatchObject({
      cause: { issues: [{ path: ['amount'], message: collectionsMessages.noRateForDay }] },
    });
    // 4.001 pesos at 40 are US$ 100,025: 100,03.
    const paid = await pay({ currency: 'UYU', amount: '4.001', receivedOn: '2026-11-03' });
    expect(paid).toMatchObject({
      amount: '100.03',
      applied: [{ orderId: newer, amount: '100.03' }],
    });
    const [row] = await world.db.select().from(payments).where(eq(payments.id, paid.paymentId));
    expect(row).toMatchObject({ amount: '100.03', pesos: '4001.00', exchangeRate: '40.0000' });
  });
});

describe('a deferred cheque', () => {
  let chequeId: number;

  it("shows 'Cheque a cobrar' and keeps the credit used until its collection day", async () => {
    const before = await as(staff).admin.collections.credit({ id: companyId });
    const paid = await pay({
      method: 'cheque',
      bank: 'Itaú',
      chequeNumber: '00012345',
      collectOn: '2026-11-20',
      amount: '499,97',
      receivedOn: '2026-11-03',
    });
    chequeId = paid.paymentId;
    const order = await statusOf(newer);
    expect(order).toMatchObject({
      paymentStatus: 'Pago parcial',
      toCollect: '499.97',
      balance: '1939.97',
      uncovered: '1440.00',
    });
    expect(order.payments.at(-1)).toMatchObject({ isToCollect: true, chequeNumber: '00012345' });
    expect(await as(staff).admin.collections.credit({ id: companyId })).toEqual(before);
  });

  it('counts from its collection day', async () => {
    world.clock.set('2026-11-20T15:00:00Z');
    expect(await statusOf(newer)).toMatchObject({ toCollect: '0', balance: '1440.00' });
    expect((await statusOf(newer)).payments.at(-1)).toMatchObject({ isToCollect: false });
  });

  it('bounced, is reversed with a reason once, and the order owes it again', async () => {
    await expect(
      as(staff).admin.collections.reversePayment({ paymentId: chequeId, reason: '' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await as(staff).admin.collections.reversePayment({
      paymentId: chequeId,
      reason: 'Cheque rechazado por falta de fondos',
    });
    expect(await statusOf(newer)).toMatchObject({ balance: '1939.97' });
    expect((await statusOf(newer)).payments.at(-1)).toMatchObject({
      reversalReason: 'Cheque rechazado por falta de fondos',
      isToCollect: false,
    });
    await expect(
      as(staff).admin.collections.reversePayment({ paymentId: chequeId, reason: 'Otra vez' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: collectionsMessages.paymentAlreadyReversed,
    });
    world.clock.set(LATER);
  });
});

describe('overdue', () => {
  it("reads 'Vencido' once its due day is over", async () => {
    world.clock.set('2026-12-04T15:00:00Z');
    expect((await statusOf(newer)).paymentStatus).toBe('Vencido');
    expect((await statusOf(older)).paymentStatus).toBe('Pagado');
    world.clock.set(LATER);
  });
});

describe('leaving Concretado', () => {
  it('is refused while a payment pays the order', async () => {
    await expect(
      as(staff).admin.orders.setStatus({ id: older, status: 'Cancelado', reason: 'Error' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: collectionsMessages.orderHasPayments });
    expect((await statusOf(older)).paymentStatus).toBe('Pagado');
  });
});

describe('the buyer', () => {
  it("reads an order's payment, and nobody else's", async () => {
    expect(await as(member).account.collections.order({ orderId: older })).toMatchObject({
      paymentStatus: 'Pagado',
    });
    await expect(as(outsider).account.collections.order({ orderId: older })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("reads the company's statement as its administrator only", async () => {
    const statement = await as(owner).account.collections.statement();
    expect(statement).toMatchObject({
      name: 'Pagos S.A.',
      credit: { paymentTermsDays: 30, creditLimit: '10000.00' },
      totals: { balance: '1939.97', overdue: '0.00', toCollect: '0.00' },
    });
    expect(statement.orders.map((order) => order.id)).toEqual([newer]);
    expect(statement.payments.some((payment) => payment.reversedAt !== null)).toBe(true);
    await expect(as(member).account.collections.statement()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await as(loner).account.collections.statement()).orders).toEqual([]);
  });
});
