// The price a member's card shows (docs/decisions/089-the-buyers-price-on-every-card.md): the
// lowest of its variants at the member's price, only when it is below the card's list price.
import { describe, expect, it } from 'vitest';
import { byMemberPrice, lowestMemberPrice } from '@client/features/catalog/variants';

const variant = (id: number, color: string, price: string) => ({
  id,
  color,
  colorName: color,
  storage: 'Único',
  price,
  stock: 1,
});

// Black at 1000 and 1200, white at 900: the card lists 'from 900'.
const variants = [
  variant(1, 'negro', '1000.00'),
  variant(2, 'negro', '1200.00'),
  variant(3, 'blanco', '900.00'),
];

describe('lowestMemberPrice', () => {
  it('is nothing without prices of one’s own, or when none is below the list price', () => {
    expect(lowestMemberPrice(variants, undefined, '900.00', undefined)).toBeUndefined();
    expect(lowestMemberPrice(variants, undefined, '900.00', new Map())).toBeUndefined();
    // The black at 950 is lower than its list price, not than the card's 900.
    expect(
      lowestMemberPrice(variants, undefined, '900.00', new Map([[1, '950.00']])),
    ).toBeUndefined();
  });

  it('is the lowest variant at the member’s price when it beats the card’s list price', () => {
    expect(lowestMemberPrice(variants, undefined, '900.00', new Map([[1, '800.00']]))).toBe(
      '800.00',
    );
    expect(lowestMemberPrice(variants, undefined, '900.00', new Map([[3, '810.00']]))).toBe(
      '810.00',
    );
  });

  it('looks only at the colour picked', () => {
    const prices = new Map([
      [2, '700.00'],
      [3, '600.00'],
    ]);
    expect(lowestMemberPrice(variants, 'negro', '1000.00', prices)).toBe('700.00');
    expect(
      lowestMemberPrice(variants, 'blanco', '900.00', new Map([[1, '500.00']])),
    ).toBeUndefined();
  });
});

describe('byMemberPrice', () => {
  const card = (id: number, price: string) => ({
    id,
    minPrice: price,
    variants: [variant(id, 'negro', price)],
  });
  // In list-price order, as the server sends them.
  const cards = [card(1, '800.00'), card(2, '900.00'), card(3, '1000.00')];
  const ids = (list: { id: number }[]) => list.map((item) => item.id);

  it('keeps the server’s order without prices of one’s own', () => {
    expect(ids(byMemberPrice(cards, 'asc', undefined))).toEqual([1, 2, 3]);
  });

  it('orders by the member’s price, ties in the server’s order', () => {
    const prices = new Map([
      [3, '700.00'],
      [2, '800.00'],
    ]);
    expect(ids(byMemberPrice(cards, 'asc', prices))).toEqual([3, 1, 2]);
    expect(ids(byMemberPrice([...cards].reverse(), 'desc', prices))).toEqual([2, 1, 3]);
  });
});
