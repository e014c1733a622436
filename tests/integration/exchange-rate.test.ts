// The day's dollar rate from the BCU (docs/decisions/085-the-bcu-rate.md), against a local fake
// of its SOAP service over real HTTP: a normal answer, a weekend, a service that cannot be
// reached, and a rate staff type by hand. Wherever pesos are shown the rate reads with its day,
// and out of date when the day has none.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import type { AppDeps } from '@server/app-deps';
import { auditLog, exchangeRates } from '@server/db/schema';
import { runExchangeRate } from '@server/jobs';
import { parseBcuResponse } from '@server/services/collections/bcu-client';
import { rateOfDay } from '@server/services/store/exchange-rate';
import { rateLabel } from '@shared/exchange-rate';
import { startFakeBcu, type FakeBcu } from '../support/bcu-fake';
import { revisedQuote } from '../support/collections';
import { callerFor, createTestUser } from '../support/context';
import { mailTo, useMailWorld } from '../support/mail-inbox';

const world = useMailWorld();
let bcu: FakeBcu;
let deps: AppDeps;
let staff: SessionUser;
let buyer: SessionUser;

/** Noon in Montevideo of a day. */
const noonOf = (day: string) => `${day}T15:00:00Z`;
const rowOf = async (day: string) =>
  (await world.db.select().from(exchangeRates).where(eq(exchangeRates.day, day)))[0];

beforeAll(async () => {
  bcu = await startFakeBcu();
  deps = { ...world.deps, config: { ...world.deps.config, BCU_RATES_URL: bcu.url } };
  staff = await createTestUser(world.deps, { role: 'admin' });
  buyer = await createTestUser(world.deps);
  // The BCU's business days of the last two weeks of November and early December 2026.
  for (const [day, rate] of [
    ['2026-11-26', '39.401'],
    ['2026-11-27', '39.512'],
    ['2026-11-30', '39.630'],
    ['2026-12-01', '39.700'],
    ['2026-12-04', '40.105'],
  ] as const) {
    bcu.quotes.set(day, rate);
  }
});
afterAll(() => bcu.close());

describe('the daily job', () => {
  it("takes the last business day's buying rate, asking the service's SOAP operation", async () => {
    world.clock.set(noonOf('2026-12-01'));
    expect(await runExchangeRate(deps)).toBe(true);
    expect(bcu.requests.at(-1)).toEqual({
      currency: '2225',
      from: '2026-11-21',
      to: '2026-11-30',
      soapAction: '"Cotizaaction/AWSBCUCOTIZACIONES.Execute"',
    });
    // Today's own quotation (1 December) is not the tax rules' rate: the day before's is.
    expect(await rowOf('2026-12-01')).toMatchObject({
      rate: '39.6300',
      quotedOn: '2026-11-30',
      source: 'bcu',
    });
    expect(await rateOfDay(world.db, '2026-12-01')).toEqual({
      rate: '39.6300',
      quotedOn: '2026-11-30',
      source: 'bcu',
      isStale: false,
    });
  });

  it('asks once a day: a later run that day finds the rate and stays home', async () => {
    const asked = bcu.requests.length;
    world.clock.set('2026-12-02T02:00:00Z'); // 23:00 of 1 December in Montevideo
    expect(await runExchangeRate(deps)).toBe(true);
    expect(bcu.requests).toHaveLength(asked);
  });

  it("uses Friday's rate on Saturday and on Monday", async () => {
    world.clock.set(noonOf('2026-12-05'));
    await runExchangeRate(deps);
    expect(await rowOf('2026-12-05')).toMatchObject({ rate: '40.1050', quotedOn: '2026-12-04' });
    world.clock.set(noonOf('2026-12-07'));
    await runExchangeRate(deps);
    expect(await rowOf('2026-12-07')).toMatchObject({ rate: '40.1050', quotedOn: '2026-12-04' });
    // Sunday had no run: it reads Saturday's row, out of date.
    expect(await rateOfDay(world.db, '2026-12-06')).toMatchObject({
      quotedOn: '2026-12-04',
      isStale: true,
    });
  });

  it('keeps the last rate, marked out of date, while the service fails', async () => {
    world.clock.set(noonOf('2026-12-08'));
    bcu.mode = 'error';
    expect(await runExchangeRate(deps)).toBe(false);
    bcu.mode = 'no-data';
    expect(await runExchangeRate(deps)).toBe(false);
    bcu.mode = 'ok';
    const unreachable = {
      ...deps,
      config: { ...deps.config, BCU_RATES_URL: 'http://127.0.0.1:9/' },
    };
    expect(await runExchangeRate(unreachable)).toBe(false);
    expect(await rowOf('2026-12-08')).toBeUndefined();
    const rate = await rateOfDay(world.db, '2026-12-08');
    expect(rate).toMatchObject({ rate: '40.1050', isStale: true });
    expect(rateLabel(rate!)).toBe('Cotización del 04/12/2026 (desactualizada)');
    expect(await callerFor(world.deps, staff).admin.collections.rate()).toMatchObject({
      today: '2026-12-08',
      current: { rate: '40.1050', isStale: true },
    });
  });
});

describe('a rate typed by staff', () => {
  it('stands for its day, is logged, and the job leaves it', async () => {
    world.clock.set(noonOf('2026-12-08'));
    await expect(
      callerFor(world.deps, staff).admin.collections.setRate({ rate: 'cuarenta' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await callerFor(world.deps, staff).admin.collections.setRate({ rate: '40,25' });
    expect(await rateOfDay(world.db, '2026-12-08')).toEqual({
      rate: '40.2500',
      quotedOn: '2026-12-08',
      source: 'manual',
      isStale: false,
    });
    const asked = bcu.requests.length;
    await runExchangeRate(deps);
    expect(bcu.requests).toHaveLength(asked);
    const [entry] = await world.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'exchangeRate'), eq(auditLog.entityId, '2026-12-08')));
    expect(entry?.changes).toEqual({
      rate: { before: null, after: '40.25' },
      source: { before: null, after: 'manual' },
    });
  });

  it('is staff-only', async () => {
    await expect(
      callerFor(world.deps, buyer).admin.collections.setRate({ rate: '1' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('pesos on a quote', () => {
  it("read at the day's rate when staff typed none, in the mail and on the order", async () => {
    world.clock.set(noonOf('2026-12-07'));
    const { id } = await revisedQuote(world.deps, { buyer, staff, total: '1000' });
    const mail = await mailTo(world, buyer.user.email, `Cotización N° ${id}-1`);
    expect(mail.text).toContain(
      'Total en pesos uruguayos: $ 40.105,00 al tipo de cambio 40,105 (dólar billete BCU del 04/12/2026)',
    );
    const order = await callerFor(world.deps, buyer).account.orders.get({ id });
    expect(order.revisions[0]?.dayRate).toMatchObject({ rate: '40.1050', quotedOn: '2026-12-04' });
  });

  it('at the rate staff typed on the revision, which stays the override', async () => {
    const { id, variantId } = await revisedQuote(world.deps, { buyer, staff, total: '122' });
    await callerFor(world.deps, staff).admin.orders.sendRevision({
      orderId: id,
      lines: [{ variantId, quantity: 1, unitPrice: '100', discountPercent: '0' }],
      validUntil: '2099-12-31',
      exchangeRate: '39,5',
    });
    const mail = await mailTo(world, buyer.user.email, `Cotización N° ${id}-2`);
    expect(mail.text).toContain('Total en pesos uruguayos: $ 4.819,00 al tipo de cambio 39,5.');
    const order = await callerFor(world.deps, buyer).account.orders.get({ id });
    expect(order.revisions[0]?.dayRate).toBeNull();
    expect(order.revisions[1]?.dayRate).toMatchObject({ rate: '40.1050' });
  });
});

describe('the response reader', () => {
  it('takes namespace prefixes and refuses an answer without the dollar', () => {
    const xml = `<s:Envelope xmlns:s="x"><s:Body><c:Salida xmlns:c="Cotiza"><c:respuestastatus><c:status>1</c:status></c:respuestastatus><c:datoscotizaciones><c:datoscotizaciones.dato><c:Fecha>2026-11-27</c:Fecha><c:Moneda>2225</c:Moneda><c:TCC>39.512</c:TCC></c:datoscotizaciones.dato><c:datoscotizaciones.dato><c:Fecha>2026-11-27</c:Fecha><c:Moneda>9800</c:Moneda><c:TCC>6.1</c:TCC></c:datoscotizaciones.dato></c:datoscotizaciones></c:Salida></s:Body></s:Envelope>`;
    expect(parseBcuResponse(xml)).toEqual([{ day: '2026-11-27', buying: '39.512' }]);
    expect(() => parseBcuResponse(xml.replace('>2225<', '>2224<'))).toThrow(
      'el BCU respondió sin cotizaciones',
    );
  });
});
