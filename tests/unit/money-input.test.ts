// The one reading of a typed amount (docs/decisions/052-money-typed-the-uruguayan-way.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/client-messages';
import { formatMoneyInput, parseMoneyInput } from '@shared/money-input';

const INVALID = messages.moneyInputInvalid;

describe('parseMoneyInput', () => {
  it.each([
    // ',' is the decimal mark, '.' groups thousands.
    ['1.200', '1200.00'],
    ['1200', '1200.00'],
    ['1150,50', '1150.50'],
    ['1.150,50', '1150.50'],
    ['0,5', '0.50'],
    ['1.150.000,00', '1150000.00'],
    ['12.345.678', '12345678.00'],
    [',5', '0.50'],
    ['007', '7.00'],
    // Surrounding spaces (a non-breaking one too) do not count.
    [' 1200 ', '1200.00'],
    ['\u00a01.200\t', '1200.00'],
    // One '.' with one or two digits after it cannot group thousands: a decimal point.
    ['1150.50', '1150.50'],
    ['1.2', '1.20'],
    ['0.05', '0.05'],
    ['.5', '0.50'],
  ])('reads %j as %s', (text, amount) => {
    expect(parseMoneyInput(text)).toEqual({ amount });
  });

  it.each([
    // Could be read two ways, or is no amount at all.
    ['1,200.50', INVALID],
    ['1,234,5', INVALID],
    ['1.2.3', INVALID],
    ['1,200', INVALID],
    ['1234.567', INVALID],
    ['0.500', INVALID],
    ['1.2345', INVALID],
    ['12.34.567', INVALID],
    ['1.200.', INVALID],
    ['1150,', INVALID],
    ['1150,505', INVALID],
    ['1 200', INVALID],
    ['US$ 1200', INVALID],
    ['abc', INVALID],
    ['1e3', INVALID],
    ['٣', INVALID],
    ['-', INVALID],
    [',', INVALID],
    ['1'.repeat(25), INVALID],
    ['', messages.moneyInputEmpty],
    ['   ', messages.moneyInputEmpty],
    ['-5', messages.moneyInputNegative],
    ['-1.150,50', messages.moneyInputNegative],
  ])('refuses %j: %s', (text, error) => {
    expect(parseMoneyInput(text)).toMatchObject({ error });
  });

  it("answers with the field's own message for a malformed amount", () => {
    expect(parseMoneyInput('12,5,0', messages.discountInputInvalid)).toMatchObject({
      error: messages.discountInputInvalid,
    });
  });

  it('reads back every amount the inputs show, and every normalised amount, unchanged', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), (cents) => {
        const amount = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
        expect(parseMoneyInput(formatMoneyInput(amount))).toEqual({ amount });
        // What the form sends after its own check is read the same on the server.
        expect(parseMoneyInput(amount)).toEqual({ amount });
      }),
    );
  });
});

describe('formatMoneyInput', () => {
  it.each([
    ['1150.50', '1.150,50'],
    ['1200.00', '1.200'],
    ['0.50', '0,50'],
    ['0', '0'],
    [1150.5, '1.150,50'],
    [1200, '1.200'],
    ['12.5', '12,50'],
  ])('shows %j as %s', (amount, text) => {
    expect(formatMoneyInput(amount)).toBe(text);
  });
});
