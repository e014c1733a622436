import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_MAX } from '@shared/catalog-limits';
import { boundInCents } from '@server/services/catalog/catalog-shop';

describe('shop price bounds in cents', () => {
  it('reads a bound in decimal, not as a float times 100', () => {
    // 4.35 * 100 is 434.99999999999994 and 2500.07 * 100 is 250007.00000000003.
    expect(boundInCents(4.35, 'max')).toBe(435);
    expect(boundInCents(2500.07, 'min')).toBe(250007);
    expect(boundInCents(0, 'min')).toBe(0);
    expect(boundInCents(PRICE_MAX, 'max')).toBe(PRICE_MAX * 100);
  });

  it('a bound between two cents keeps exactly the prices the numeric filter kept', () => {
    // price >= 100.555 holds from 100.56; price <= 100.555 up to 100.55.
    expect(boundInCents(100.555, 'min')).toBe(10056);
    expect(boundInCents(100.555, 'max')).toBe(10055);
  });

  it('any two-decimal bound is its exact cents, on both sides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PRICE_MAX * 100 }), (cents) => {
        const bound = Number((cents / 100).toFixed(2));
        expect(boundInCents(bound, 'min')).toBe(cents);
        expect(boundInCents(bound, 'max')).toBe(cents);
      }),
    );
  });

  it('a bound with a third decimal rounds up as a minimum and down as a maximum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PRICE_MAX * 100 - 1 }),
        fc.integer({ min: 1, max: 9 }),
        (cents, thousandth) => {
          const bound = Number(`${(cents / 100).toFixed(2)}${thousandth}`);
          expect(boundInCents(bound, 'min')).toBe(cents + 1);
          expect(boundInCents(bound, 'max')).toBe(cents);
        },
      ),
    );
  });
});
