// A quantity typed into a line: only whole numbers from 1 to the line's cap are taken, and the
// refusal names the limit the buyer ran into.
import { describe, expect, it } from 'vitest';
import { quantityCap, readQuantity } from '@shared/quantity';
import { QUOTE_MAX_QUANTITY } from '@shared/quote-limits';

const CAP = 'Podés pedir hasta 999 unidades por producto.';

describe('readQuantity', () => {
  it('takes whole numbers up to the cap, spaces around them ignored', () => {
    expect(readQuantity('12')).toEqual({ quantity: 12 });
    expect(readQuantity(' 15 ')).toEqual({ quantity: 15 });
    expect(readQuantity('007')).toEqual({ quantity: 7 });
    expect(readQuantity('999')).toEqual({ quantity: 999 });
    expect(readQuantity('5', 5)).toEqual({ quantity: 5 });
  });

  it('refuses more than one line takes, with the limit in the sentence', () => {
    expect(readQuantity('1000')).toEqual({ error: CAP });
    expect(readQuantity('99999999999999999999')).toEqual({ error: CAP });
    // Past 999 the cap is the reason, even where the stock is lower.
    expect(readQuantity('1000', 5)).toEqual({ error: CAP });
  });

  it('refuses more than the stock left', () => {
    expect(readQuantity('6', 5)).toEqual({ error: 'Solo quedan 5 unidades en stock.' });
  });

  it('refuses empty, zero and what is not a whole number', () => {
    for (const text of ['', '  ', '0', '00', '-2', '1,5', '1.5', '1e3', 'doce', '+3']) {
      expect(readQuantity(text), text).toEqual({
        error: 'Escribí una cantidad entera entre 1 y 999.',
      });
    }
    expect(readQuantity('0', 5)).toEqual({ error: 'Escribí una cantidad entera entre 1 y 5.' });
  });
});

describe('quantityCap', () => {
  it('is the stock left, never above what a quote line takes', () => {
    expect(quantityCap()).toBe(QUOTE_MAX_QUANTITY);
    expect(quantityCap(5)).toBe(5);
    expect(quantityCap(5000)).toBe(QUOTE_MAX_QUANTITY);
  });
});
