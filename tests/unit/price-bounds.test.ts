import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_MAX } from '@shared/catalog-limits';
import { shopListInputSchema } from '@shared/schemas/catalog';
import { boundInCents } from '@server/services/catalog/catalog-shop';

/** A bound as the shop's URL or a caller sends it, through the schema, in cents. */
const cents = (bound: number | string, side: 'min' | 'max') =>
  boundInCents(shopListInputSchema.parse({ minPrice: bound }).minPrice!, side);

describe('shop price bounds in cents', () => {
  it('reads a bound in decimal, not as a float times 100', () => {
    // 4.35 * 100 is 434.99999999999994 and 2500.07 * 100 is 250007.00000000003.
    expect(cents(4.35, 'max')).toBe(435n);
    expect(cents(2500.07, 'min')).toBe(250007n);
    expect(cents(0, 'min')).toBe(0n);
    expect(cents(PRICE_MAX, 'max')).toBe(BigInt(PRICE_MAX) * 100n);
    // The text typed in the filter, read as every money input reads it.
    expect(cents('1.200', 'min')).toBe(120000n);
    expect(cents('4,35', 'max')).toBe(435n);
  });

  it('a bound between two cents keeps exactly the prices the numeric filter kept', () => {
    // price >= 100.555 holds from 100.56; price <= 100.555 up to 100.55.
    expect(cents(100.555, 'min')).toBe(10056n);
    expect(cents(100.555, 'max')).toBe(10055n);
    // A bound far below a cent still rounds the minimum up (1e-7 is written with an exponent).
    expect(cents(1e-7, 'min')).toBe(1n);
    expect(cents(1e-7, 'max')).toBe(0n);
  });

  it('any two-decimal bound is its exact cents, on both sides', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: BigInt(PRICE_MAX) * 100n }), (exact) => {
        const text = `${exact / 100n}.${(exact % 100n).toString().padStart(2, '0')}`;
        const bound = Number(text); // what the URL's JSON carries
        expect(cents(bound, 'min')).toBe(exact);
        expect(cents(bound, 'max')).toBe(exact);
        expect(cents(text, 'min')).toBe(exact);
      }),
    );
  });

  it('a bound with a third decimal rounds up as a minimum and down as a maximum', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: BigInt(PRICE_MAX) * 100n - 1n }),
        fc.integer({ min: 1, max: 9 }),
        (exact, thousandth) => {
          const bound = Number(
            `${exact / 100n}.${(exact % 100n).toString().padStart(2, '0')}${thousandth}`,
          );
          expect(cents(bound, 'min')).toBe(exact + 1n);
          expect(cents(bound, 'max')).toBe(exact);
        },
      ),
    );
  });
});
