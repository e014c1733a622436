// The arithmetic every amount goes through (src/shared/money.ts): halves, grouping, and numbers
// read as the decimal text they stand for, all in integer cents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountAsNumber,
  decimalText,
  divideHalfUp,
  formatCentsEsUy,
  groupThousands,
  readDecimal,
  roundedCents,
} from '@shared/money';

const esUy = new Intl.NumberFormat('es-UY', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amountOf = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

describe('divideHalfUp', () => {
  it('rounds to the nearest integer, a half up', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(25n, 10n)).toBe(3n);
    expect(divideHalfUp(0n, 7n)).toBe(0n);
  });

  it('leaves a remainder of at most half the denominator, a half only below', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (n, d) => {
          const q = divideHalfUp(n, d);
          const twiceOff = 2n * (n - q * d); // in [-d, d): a half rounds up, never down
          expect(twiceOff >= -d && twiceOff < d).toBe(true);
        },
      ),
    );
  });
});

describe('groupThousands', () => {
  it('groups whole digits by three with dots, as es-UY writes them', () => {
    expect(groupThousands('0')).toBe('0');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1.000');
    expect(groupThousands('1234567')).toBe('1.234.567');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (units) => {
        expect(groupThousands(units.toString())).toBe(esUy.format(units).split(',')[0]);
      }),
    );
  });
});

describe('numbers read as decimal text', () => {
  it('writes out what JavaScript shortens with an exponent', () => {
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(1.5e21)).toBe('1500000000000000000000');
    expect(decimalText(-0.5)).toBe('-0.5');
    expect(decimalText(1299.5)).toBe('1299.5');
    expect(() => decimalText(Number.NaN)).toThrow(RangeError);
  });

  it('reads every finite number back as itself', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = decimalText(value);
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it("carries an amount in a URL's number and gives it back unchanged", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (cents) => {
        const amount = amountOf(cents);
        const back = readDecimal(decimalText(amountAsNumber(amount)))!;
        expect(roundedCents(back)).toBe(cents);
        expect(back.fraction.length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('refuses what is not a decimal', () => {
    for (const text of ['', '.', '1,5', 'NaN', 'Infinity', '1e', '--1', '0x10']) {
      expect(readDecimal(text)).toBeUndefined();
    }
    expect(readDecimal(' -012.50e1 ')).toEqual({ isNegative: true, whole: '125', fraction: '' });
  });
});

describe('roundedCents and formatCentsEsUy', () => {
  it('rounds at the third decimal, a half away from zero', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (thousandths) => {
        const text = `${thousandths / 1000n}.${(thousandths % 1000n).toString().padStart(3, '0')}`;
        expect(roundedCents(readDecimal(text)!)).toBe(divideHalfUp(thousandths, 10n));
        expect(roundedCents(readDecimal(`-${text}`)!)).toBe(divideHalfUp(thousandths, 10n));
      }),
    );
    expect(roundedCents(readDecimal('1.0049999')!)).toBe(100n);
  });

  it('writes cents as Intl writes the same amount for es-UY', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (cents) => {
        expect(formatCentsEsUy(cents)).toBe(esUy.format(amountOf(cents) as `${number}`));
      }),
    );
  });
});
