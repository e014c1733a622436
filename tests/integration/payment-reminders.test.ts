// Payment reminders on a moved clock (docs/decisions/084-payments-statement-and-receivables.md):
// 3 days before the due day, on it and 7 days after, to the buyer and the company's
// administrators, once each, and only while something is owed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { runPaymentReminders } from '@server/jobs';
import { acceptedQuote } from '../support/collections';
import { callerFor, createTestUser } from '../support/context';
import { deliveredTo, linkIn, mailTo, useMailWorld } from '../support/mail-inbox';
import { freshRut } from '../support/rut';

const world = useMailWorld();
let owner: SessionUser;
let member: SessionUser;
let loner: SessionUser;
let staff: SessionUser;
let companyId: number;
let owing: number;
let paid: number;
let covered: number;
let cash: number;

const as = (user: SessionUser) => callerFor(world.deps, user);
const at = (day: string) => world.clock.set(`${day}T15:00:00Z`);
const run = async (day: string) => {
  at(day);
  return runPaymentReminders(world.deps);
};

beforeAll(async () => {
  at('2026-11-02');
  owner = await createTestUser(world.deps, { fullName: 'Olga Dueña', emailVerified: true });
  member = await createTestUser(world.deps, { fullName: 'Mario Miembro' });
  loner = await createTestUser(world.deps, { fullName: 'Lucía Sola' });
  staff = await createTestUser(world.deps, { role: 'admin' });
  await as(owner).account.profile.update({ companyName: 'Recordatorios S.A.', rut: freshRut() });
  await as(owner).account.company.invite({ email: member.user.email });
  const mail = await mailTo(world, member.user.email, 'Te invitaron a');
  await as(member).invitations.accept({ token: linkIn(mail, '/invitacion').token });
  companyId = (await as(owner).account.company.members())!.company.id;
  await as(staff).admin.collections.setTerms({
    companyId,
    paymentTermsDays: 30,
    paymentTermsFrom: 'acceptance',
    creditLimit: '',
  });
  // Due Wednesday 2 December 2026.
  owing = (await acceptedQuote(world.deps, { buyer: member, staff, total: '3000' })).id;
  paid = (await acceptedQuote(world.deps, { buyer: member, staff, total: '1000' })).id;
  covered = (await acceptedQuote(world.deps, { buyer: member, staff, total: '915' })).id;
  cash = (await acceptedQuote(world.deps, { buyer: loner, staff, total: '50' })).id;
  const pay = { method: 'cash' as const, currency: 'USD' as const, receivedOn: '2026-11-02' };
  await as(staff).admin.collections.recordPayment({
    ...pay,
    payer: { companyId },
    amount: '1000',
    orderIds: [paid],
  });
  await as(staff).admin.collections.recordPayment({
    ...pay,
    method: 'cheque',
    bank: 'BROU',
    chequeNumber: '1',
    collectOn: '2026-12-30',
    payer: { companyId },
    amount: '915',
    orderIds: [covered],
  });
  await deliveredTo(world, member.user.email);
  await deliveredTo(world, owner.user.email);
});

describe('payment reminders', () => {
  it("go for a 'Contado' order only 7 days after it was due: its acceptance told the day", async () => {
    expect(await run('2026-11-02')).toEqual([]);
    expect(await run('2026-11-08')).toEqual([]);
    expect(await run('2026-11-09')).toEqual([{ orderId: cash, stage: 'overdue' }]);
    await mailTo(world, loner.user.email, `El pago del pedido N° ${cash} venció el 02/11/2026`);
  });

  it('wait until 3 days before the due day', async () => {
    expect(await run('2026-11-28')).toEqual([]);
  });

  it('go 3 days before it, to the buyer and the administrators, once', async () => {
    expect(await run('2026-11-29')).toEqual([{ orderId: owing, stage: 'before' }]);
    for (const to of [member.user.email, owner.user.email]) {
      const mail = await mailTo(world, to, `El pago del pedido N° ${owing} vence el 02/12/2026`);
      expect(mail.text).toContain('US$ 3.000,00');
    }
    expect(await run('2026-11-30')).toEqual([]);
  });

  it('go on the due day', async () => {
    expect(await run('2026-12-02')).toEqual([{ orderId: owing, stage: 'due' }]);
    await mailTo(world, member.user.email, `El pago del pedido N° ${owing} vence hoy, 02/12/2026`);
    expect(await run('2026-12-02')).toEqual([]);
  });

  it('go 7 days after it', async () => {
    expect(await run('2026-12-08')).toEqual([]);
    expect(await run('2026-12-09')).toEqual([{ orderId: owing, stage: 'overdue' }]);
    await mailTo(world, owner.user.email, `El pago del pedido N° ${owing} venció el 02/12/2026`);
    expect(await run('2026-12-10')).toEqual([]);
  });

  it('never go for an order paid, or covered by a cheque waiting for its day', () => {
    const reminded = world.received
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith('El pago del pedido'));
    expect(reminded.length).toBeGreaterThan(0);
    expect(reminded.join('\n')).not.toMatch(new RegExp(`N° (${paid}|${covered}) `));
  });
});
