import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodLabel, periodTick } from '@client/features/dashboard-home/period-format';
import { parseCents, sameAmount, sumOfLines } from '@shared/money';
import {
  calendarDay,
  formatDate,
  formatDateTime,
  formatLongDate,
  storeDay,
  formatMoney,
  TAX_NOTE,
  teaser,
} from '@shared/format';

describe('formatMoney', () => {
  it('writes es-UY dollars with thousands separators and two decimals', () => {
    expect(formatMoney('1299.5')).toBe('US$ 1.299,50');
    expect(formatMoney(0)).toBe('US$ 0,00');
    expect(formatMoney('1234567.891')).toBe('US$ 1.234.567,89');
    expect(formatMoney(89)).toBe('US$ 89,00');
  });

  it('writes what Intl writes for es-UY dollars (with a plain space), for any amount', () => {
    const intl = new Intl.NumberFormat('es-UY', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const asIntl = (value: number) => intl.format(value).replace(/\u00a0/g, ' ');
    const cents = fc.integer({ min: -1e12, max: 1e12 }).map((n) => n / 100);
    const anyAmount = fc.double({ min: -1e10, max: 1e10, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(cents, anyAmount), (value) => {
        expect(formatMoney(value)).toBe(asIntl(value));
        expect(formatMoney(String(value))).toBe(asIntl(Number(String(value))));
      }),
      { numRuns: 2000 },
    );
    for (const edge of [0, -0, 0.005, 1.005, 999.995, -0.001, NaN, Infinity, -Infinity]) {
      expect(formatMoney(edge)).toBe(asIntl(edge));
    }
  });

  it('uses a plain space after the symbol, so texts can be searched', () => {
    expect(formatMoney(5)).not.toContain('\u00a0');
    expect(TAX_NOTE).toBe('+ IVA');
  });
});

describe('cents', () => {
  it('adds database amounts in integer cents, without float drift', () => {
    expect(
      sumOfLines([
        { price: '0.10', quantity: 1 },
        { price: '0.20', quantity: 1 },
      ]),
    ).toBe('0.30');
    expect(parseCents('1249.99')).toBe(124999n);
    expect(sumOfLines([{ price: '1249.99', quantity: 3 }])).toBe('3749.97');
    // As floats, 0.1 + 0.2 is 0.30000000000000004 and 1.005 * 100 is 100.49999999999999.
    expect(sumOfLines([{ price: '1.005', quantity: 1 }])).toBe('1.00');
    expect(sameAmount('10.5', '10.50')).toBe(true);
    expect(sameAmount('10.5', '10.51')).toBe(false);
  });
});

describe('dates and teasers', () => {
  it('formats dates in Spanish, as the day is in Montevideo', () => {
    expect(formatDate(new Date('2026-11-22T19:05:00Z'))).toBe('22/11/2026');
    expect(formatLongDate(new Date('2026-11-22T19:05:00Z'))).toBe('22 de noviembre de 2026');
    expect(formatDateTime(new Date('2026-11-22T19:05:00Z'))).toBe('22/11/2026, 16:05');
    expect(formatDate(calendarDay('2026-11-22'))).toBe('22/11/2026');
  });

  it("writes Montevideo's day at 23:30 there, whatever the machine's time zone", () => {
    const lateEvening = new Date('2026-11-23T02:30:00Z'); // 23:30 of the 22nd in Montevideo
    const zoneBefore = process.env.TZ;
    try {
      for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'America/Montevideo']) {
        process.env.TZ = zone;
        expect(formatDate(lateEvening)).toBe('22/11/2026');
        expect(formatLongDate(lateEvening)).toBe('22 de noviembre de 2026');
        expect(formatDateTime(lateEvening)).toBe('22/11/2026, 23:30');
        expect(storeDay(lateEvening)).toBe('2026-11-22');
        expect(formatDate(calendarDay('2026-12-01'))).toBe('01/12/2026');
      }
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });

  it('reads a minute asked again as it was, and the next minute anew, before 1970 too', () => {
    const inTurn = [
      ['2026-12-31T02:58:30Z', '30/12/2026, 23:58'],
      ['2026-12-31T02:59:00Z', '30/12/2026, 23:59'],
      ['2026-12-31T02:59:59.999Z', '30/12/2026, 23:59'],
      ['2026-12-31T03:00:00Z', '31/12/2026, 00:00'],
      ['1969-12-31T23:59:30Z', '31/12/1969, 20:59'],
      ['1970-01-01T00:00:30Z', '31/12/1969, 21:00'],
    ];
    for (const [moment, expected] of inTurn) expect(formatDateTime(moment!)).toBe(expected);
  });

  it("writes what Intl writes for es-ES dates in Montevideo's zone, for any moment", () => {
    const intl = (options: Intl.DateTimeFormatOptions) => {
      const format = new Intl.DateTimeFormat('es-ES', {
        ...options,
        timeZone: 'America/Montevideo',
      });
      return (date: Date) => format.format(date);
    };
    const asIntl = {
      date: intl({ day: '2-digit', month: '2-digit', year: 'numeric' }),
      longDate: intl({ day: 'numeric', month: 'long', year: 'numeric' }),
      dateTime: intl({
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
    };
    const moments = fc.date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2100-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(moments, (moment) => {
        expect(formatDate(moment)).toBe(asIntl.date(moment));
        expect(formatLongDate(moment)).toBe(asIntl.longDate(moment));
        expect(formatDateTime(moment)).toBe(asIntl.dateTime(moment));
        expect(formatDateTime(moment.toISOString())).toBe(asIntl.dateTime(moment));
      }),
      { numRuns: 2000 },
    );
  });

  it("labels the dashboard's periods as calendar days, whatever the machine's time zone", () => {
    // The first of the month is where a local reading of a UTC midnight would slip a day.
    // Node's ICU drops the leading zeros of this short shape, browsers keep them.
    expect(periodTick('day', '2026-06-01')).toMatch(/^0?1\/0?6$/);
    expect(periodLabel('day', '2026-06-01')).toBe('1 de junio');
    expect(periodTick('month', '2026-06-01')).toBe('jun 26');
    expect(periodLabel('month', '2026-06-01')).toBe('junio de 2026');
  });

  it('cuts a text after twenty words with an ellipsis', () => {
    const words = Array.from({ length: 25 }, (_, i) => `p${i}`).join(' ');
    expect(teaser(words)).toBe(`${words.split(' ').slice(0, 20).join(' ')}...`);
    expect(teaser('  corto   texto ')).toBe('corto texto');
  });
});
