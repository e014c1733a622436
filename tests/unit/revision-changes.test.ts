// What a revision changed from the one before it, as the order shows it under the newer one.
import { describe, expect, it } from 'vitest';
import { spendingLimitWarning } from '@shared/negotiation';
import { revisionChanges } from '@shared/revision-changes';

const line = (variantId: number | null, extra: Partial<Line> = {}): Line => ({
  variantId,
  productName: `Producto ${variantId ?? 'borrado'}`,
  colorName: 'Negro',
  storage: '256 GB',
  unitPrice: '100.00',
  quantity: 2,
  discountPercent: '0.00',
  ...extra,
});
type Line = {
  variantId: number | null;
  productName: string;
  colorName: string;
  storage: string;
  unitPrice: string;
  quantity: number;
  discountPercent: string;
};

describe('revisionChanges', () => {
  it('names lines added, removed, and the quantity, price and discount that changed', () => {
    const previous = { total: '488.00', lines: [line(1), line(2), line(3)] };
    const current = {
      total: '610.00',
      lines: [
        line(1, { quantity: 3 }),
        line(2, { unitPrice: '90', discountPercent: '5' }),
        line(4),
      ],
    };
    expect(revisionChanges(previous, current)).toEqual({
      lines: [
        {
          label: 'Producto 1 (256 GB / Negro)',
          kind: 'changed',
          quantity: { before: 2, after: 3 },
        },
        {
          label: 'Producto 2 (256 GB / Negro)',
          kind: 'changed',
          unitPrice: { before: '100.00', after: '90' },
          discountPercent: { before: '0.00', after: '5' },
        },
        { label: 'Producto 4 (256 GB / Negro)', kind: 'added' },
        { label: 'Producto 3 (256 GB / Negro)', kind: 'removed' },
      ],
      total: { before: '488.00', after: '610.00' },
    });
  });

  it('reads amounts in cents: 100 and 100.00 are the same price, and nothing changed is empty', () => {
    const previous = { total: '244.00', lines: [line(1), line(null)] };
    const current = { total: '244', lines: [line(1, { unitPrice: '100' }), line(null)] };
    expect(revisionChanges(previous, current)).toEqual({ lines: [], total: null });
  });
});

describe('spendingLimitWarning', () => {
  it("writes the limit like the store's other money", () => {
    expect(spendingLimitWarning('1000.00')).toBe(
      'Supera tu límite de US$ 1.000,00: un administrador de tu empresa tiene que aprobarla',
    );
  });
});
