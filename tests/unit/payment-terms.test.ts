// Due days from payment terms, the payment status and the receivables' ageing columns
// (docs/decisions/083-terms-credit-and-due-dates.md, 084-payments-statement-and-receivables.md).
import { describe, expect, it } from 'vitest';
import { ageBucketOf, paymentStatusOf } from '@shared/collections';
import {
  addDays,
  daysBetween,
  dueDateOf,
  paymentTermsLabel,
  weekdayOf,
} from '@shared/payment-terms';

describe('dueDateOf', () => {
  it.each([
    // [start, days, due]
    ['2026-11-02', 30, '2026-12-02'], // a Wednesday
    ['2026-01-31', 30, '2026-03-02'], // past a short February
    ['2028-01-31', 30, '2028-03-01'], // a leap year's February has 29 days
    ['2026-12-15', 30, '2027-01-14'], // across the new year
    ['2026-11-04', 60, '2027-01-04'], // Sunday 3 January moves to Monday
    ['2026-11-06', 30, '2026-12-07'], // Sunday 6 December moves to Monday
    ['2026-11-05', 30, '2026-12-07'], // Saturday 5 December moves to Monday
    ['2026-10-01', 90, '2026-12-30'],
    ['2026-11-07', 0, '2026-11-07'], // Contado: the day itself, even a Saturday
  ])('from %s at %i days is %s', (start, days, due) => {
    expect(dueDateOf(start, days)).toBe(due);
  });

  it('never lands on a weekend when it counts days', () => {
    for (let offset = 0; offset < 400; offset += 1) {
      const start = addDays('2026-01-01', offset);
      for (const days of [30, 60, 90]) {
        const due = dueDateOf(start, days);
        expect([0, 6]).not.toContain(weekdayOf(due));
        expect(daysBetween(start, due)).toBeGreaterThanOrEqual(days);
        expect(daysBetween(start, due)).toBeLessThanOrEqual(days + 2);
      }
    }
  });

  it('counts calendar days whatever the zone or daylight saving of the machine', () => {
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysBetween('2026-10-01', '2026-11-01')).toBe(31);
  });
});

describe('paymentTermsLabel', () => {
  it('says the terms as the company reads them', () => {
    expect(paymentTermsLabel(0, 'acceptance')).toBe('Contado');
    expect(paymentTermsLabel(30, 'acceptance')).toBe('Crédito a 30 días desde la aceptación');
    expect(paymentTermsLabel(90, 'delivery')).toBe('Crédito a 90 días desde la entrega');
  });
});

describe('paymentStatusOf', () => {
  const today = '2026-12-10';
  const status = (amountDue: bigint, paid: bigint, dueOn: string | null) =>
    paymentStatusOf({ amountDueCents: amountDue, paidCents: paid, dueOn, today });

  it('reads paid, partial, pending and overdue', () => {
    expect(status(100_00n, 0n, '2026-12-10')).toBe('Pendiente de pago');
    expect(status(100_00n, 1n, '2026-12-10')).toBe('Pago parcial');
    expect(status(100_00n, 100_00n, '2026-12-01')).toBe('Pagado');
    expect(status(100_00n, 99_99n, '2026-12-09')).toBe('Vencido');
    expect(status(100_00n, 0n, null)).toBe('Pendiente de pago');
  });
});

describe('ageBucketOf', () => {
  it.each([
    [null, 'Al día'],
    ['2026-12-31', 'Al día'],
    ['2026-12-10', 'Al día'],
    ['2026-12-09', '1–30'],
    ['2026-11-10', '1–30'],
    ['2026-11-09', '31–60'],
    ['2026-10-11', '31–60'],
    ['2026-10-10', '61–90'],
    ['2026-09-11', '61–90'],
    ['2026-09-10', 'Más de 90'],
  ])('a balance due %s is %s on 10/12/2026', (dueOn, bucket) => {
    expect(ageBucketOf(dueOn, '2026-12-10')).toBe(bucket);
  });
});
