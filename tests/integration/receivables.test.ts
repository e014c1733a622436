// 'Cobranzas' and the statement as files (docs/decisions/084-payments-statement-and-
// receivables.md): every payer's balance by days past due on a moved clock, the totals, the
// dashboard's 'Vencido', a CSV whose cells never run as formulas, and the buyer's PDF.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { createSession, generateSessionToken } from '@server/auth/session';
import { callerFor, createTestUser } from '../support/context';
import { acceptedQuote } from '../support/collections';
import { movableClock } from '../support/clock';
import { freshRut } from '../support/rut';
import { useTestApp } from '../support/test-app';

const clock = movableClock('2026-09-01T15:00:00Z');
const world = useTestApp({ http: true, clock });
let staff: SessionUser;
let formula: SessionUser;
let plain: SessionUser;
let loner: SessionUser;
let formulaCompany: number;

const as = (user: SessionUser) => callerFor(world.deps, user);
const at = (day: string) => clock.set(`${day}T15:00:00Z`);
/** A cookie of `user` signed in now, by the moved clock. */
async function cookieOf(user: SessionUser) {
  const token = generateSessionToken();
  await createSession(world.db, token, user.user.id, clock.now());
  return `session=${token}`;
}

async function companyOf(name: string, days: 0 | 30 | 60 | 90) {
  const buyer = await createTestUser(world.deps);
  await as(buyer).account.profile.update({ companyName: name, rut: freshRut() });
  const companyId = (await as(buyer).account.company.members())!.company.id;
  await as(staff).admin.collections.setTerms({
    companyId,
    paymentTermsDays: days,
    paymentTermsFrom: 'acceptance',
    creditLimit: '',
  });
  return { buyer, companyId };
}

beforeAll(async () => {
  staff = await createTestUser(world.deps, { role: 'admin' });
  ({ buyer: formula, companyId: formulaCompany } = await companyOf('+HYPERLINK("x")', 30));
  ({ buyer: plain } = await companyOf('Plana S.A.', 60));
  loner = await createTestUser(world.deps, { fullName: 'Lucía Sola' });
  // Accepted on 1 September 2026 (a Tuesday): due 1 October and 2 November (31 Oct is a Saturday).
  await acceptedQuote(world.deps, { buyer: formula, staff, total: '1000' });
  await acceptedQuote(world.deps, { buyer: plain, staff, total: '3000' });
  at('2026-12-01');
  await acceptedQuote(world.deps, { buyer: formula, staff, total: '122' });
  await acceptedQuote(world.deps, { buyer: loner, staff, total: '61' });
});

describe('the receivables', () => {
  it('put each balance in its column by days past due, the most overdue payer first', async () => {
    at('2026-12-10');
    const page = await as(staff).admin.collections.receivables({ page: 1 });
    expect(page.columns).toEqual(['Al día', '1–30', '31–60', '61–90', 'Más de 90']);
    expect(page.items.map((item) => [item.name, item.buckets, item.total, item.overdue])).toEqual([
      // Due 2 November: 38 days late.
      ['Plana S.A.', ['0.00', '0.00', '3000.00', '0.00', '0.00'], '3000.00', '3000.00'],
      // Due 1 October: 70 days late; the December order is not due yet.
      ['+HYPERLINK("x")', ['122.00', '0.00', '0.00', '1000.00', '0.00'], '1122.00', '1000.00'],
      // 'Contado' from 1 December: 9 days late.
      ['Lucía Sola', ['0.00', '61.00', '0.00', '0.00', '0.00'], '61.00', '61.00'],
    ]);
    expect(page.totals).toMatchObject({
      buckets: ['122.00', '61.00', '3000.00', '1000.00', '0.00'],
      total: '4183.00',
      overdue: '4061.00',
    });
    expect(page.total).toBe(3);
    expect(await as(staff).admin.collections.overdue()).toBe('4061.00');
  });

  it('move a balance along the columns as the days pass, and drop it once paid', async () => {
    at('2027-01-10');
    await as(staff).admin.collections.recordPayment({
      payer: { companyId: formulaCompany },
      method: 'cash',
      currency: 'USD',
      amount: '1000',
      receivedOn: '2027-01-10',
    });
    const page = await as(staff).admin.collections.receivables({ page: 1 });
    expect(page.items.find((item) => item.name === 'Plana S.A.')?.buckets).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '3000.00',
      '0.00',
    ]);
    // Its oldest order was paid; the December one (due 31 December) is 10 days late.
    expect(page.items.find((item) => item.name.startsWith('+'))?.buckets).toEqual([
      '0.00',
      '122.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
  });

  it('are staff-only', async () => {
    await expect(as(plain).admin.collections.receivables({ page: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('the receivables CSV', () => {
  it('lists every payer with a formula-safe name', async () => {
    const answer = await world.app.inject({
      method: 'GET',
      url: '/api/admin/receivables.csv',
      headers: { cookie: await cookieOf(staff) },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="cobranzas-2027-01-10.csv"',
    );
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'cliente;RUT;Al día US$;1–30 US$;31–60 US$;61–90 US$;Más de 90 US$;total US$;cheques a cobrar US$',
    );
    expect(lines.find((line) => line.includes('HYPERLINK'))).toMatch(/^"?'\+HYPERLINK/);
    expect(lines.find((line) => line.startsWith('Plana'))).toMatch(
      /^Plana S\.A\.;\d{12};0\.00;0\.00;0\.00;3000\.00;0\.00;3000\.00;0\.00$/,
    );
  });

  it('is refused to a customer', async () => {
    const cookie = await cookieOf(plain);
    const answer = await world.app.inject({
      method: 'GET',
      url: '/api/admin/receivables.csv',
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('the statement PDF', () => {
  it("is the buyer's company's, for its administrator", async () => {
    const cookie = await cookieOf(plain);
    const answer = await world.app.inject({
      method: 'GET',
      url: '/api/account/estado-de-cuenta.pdf',
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('needs a session', async () => {
    const answer = await world.app.inject({
      method: 'GET',
      url: '/api/account/estado-de-cuenta.pdf',
    });
    expect(answer.statusCode).toBe(401);
  });
});
