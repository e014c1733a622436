// The price function's arithmetic as a table (docs/decisions/062-most-favourable-price-wins.md):
// each row a list price, a quantity, tiers and rules on a day, and the price and rule that win.
import { describe, expect, it } from 'vitest';
import { formatCents, parseCents } from '@shared/money';
import { formatPercentOff } from '@shared/pricing';
import {
  bestUnitPrice,
  percentOffCents,
  type PriceRule,
  type PriceTier,
  rulesForLine,
} from '@server/services/pricing/price-core';

const rule = (fields: Partial<PriceRule> & Pick<PriceRule, 'id' | 'kind'>): PriceRule => ({
  brandId: null,
  categoryId: null,
  variantId: null,
  percentOff: null,
  fixedPrice: null,
  endsOn: null,
  targetName: null,
  ...fields,
});

const brand20 = rule({ id: 1, kind: 'brand', brandId: 7, percentOff: '20', targetName: 'Acme' });
const all10 = rule({ id: 2, kind: 'all', percentOff: '10' });
const category15 = rule({
  id: 3,
  kind: 'category',
  categoryId: 4,
  percentOff: '15.5',
  targetName: 'Notebooks',
});
const fixed900 = rule({ id: 4, kind: 'variant', variantId: 99, fixedPrice: '900.00' });
const tiers: PriceTier[] = [
  { minQuantity: 10, percentOff: '5' },
  { minQuantity: 50, percentOff: '25' },
];

type Row = {
  case: string;
  list: string;
  quantity: number;
  tiers?: PriceTier[];
  rules?: PriceRule[];
  today?: string;
  price: string;
  label: string | null;
};

const TABLE: Row[] = [
  {
    case: 'no tier, no rule: the list price',
    list: '1000.00',
    quantity: 1,
    price: '1000.00',
    label: null,
  },
  {
    case: 'below the first tier',
    list: '1000.00',
    quantity: 9,
    tiers,
    price: '1000.00',
    label: null,
  },
  {
    case: 'the first tier from its quantity',
    list: '1000.00',
    quantity: 10,
    tiers,
    price: '950.00',
    label: 'Desde 10 unidades: 5 %',
  },
  {
    case: 'the deeper tier once reached',
    list: '1000.00',
    quantity: 50,
    tiers,
    price: '750.00',
    label: 'Desde 50 unidades: 25 %',
  },
  {
    case: 'overlapping rules: the brand’s 20 % beats the catalogue’s 10 %',
    list: '1000.00',
    quantity: 1,
    rules: [all10, brand20],
    price: '800.00',
    label: 'Marca Acme: 20 %',
  },
  {
    case: 'nothing stacks: 20 % and 10 % give 20 %, not 28 %',
    list: '1000.00',
    quantity: 1,
    rules: [brand20, all10, category15],
    price: '800.00',
    label: 'Marca Acme: 20 %',
  },
  {
    case: 'a tier beats a smaller rule',
    list: '1000.00',
    quantity: 50,
    tiers,
    rules: [brand20],
    price: '750.00',
    label: 'Desde 50 unidades: 25 %',
  },
  {
    case: 'a rule beats a smaller tier',
    list: '1000.00',
    quantity: 10,
    tiers,
    rules: [brand20],
    price: '800.00',
    label: 'Marca Acme: 20 %',
  },
  {
    case: 'a fixed price below every percentage',
    list: '1000.00',
    quantity: 1,
    rules: [brand20, fixed900, category15],
    price: '800.00',
    label: 'Marca Acme: 20 %',
  },
  {
    case: 'a fixed price that wins',
    list: '1000.00',
    quantity: 1,
    rules: [rule({ id: 2, kind: 'all', percentOff: '5' }), fixed900],
    price: '900.00',
    label: 'Precio acordado',
  },
  {
    case: 'a tie between rules keeps the older rule',
    list: '1000.00',
    quantity: 1,
    rules: [fixed900, all10],
    price: '900.00',
    label: 'Todo el catálogo: 10 %',
  },
  {
    case: 'a fixed price above the list price is not taken',
    list: '850.00',
    quantity: 1,
    rules: [fixed900],
    price: '850.00',
    label: null,
  },
  {
    case: 'a tie keeps the earlier candidate: the tier before the rule',
    list: '1000.00',
    quantity: 10,
    tiers: [{ minQuantity: 10, percentOff: '20' }],
    rules: [brand20],
    price: '800.00',
    label: 'Desde 10 unidades: 20 %',
  },
  {
    case: 'a rule on its last day still applies',
    list: '1000.00',
    quantity: 1,
    rules: [{ ...brand20, endsOn: '2026-11-22' }],
    today: '2026-11-22',
    price: '800.00',
    label: 'Marca Acme: 20 %',
  },
  {
    case: 'a rule past its last day does not',
    list: '1000.00',
    quantity: 1,
    rules: [{ ...brand20, endsOn: '2026-11-21' }, all10],
    today: '2026-11-22',
    price: '900.00',
    label: 'Todo el catálogo: 10 %',
  },
  {
    case: 'rounding half up to the cent: 10.05 less 15.5 % is 8.49225',
    list: '10.05',
    quantity: 1,
    rules: [category15],
    price: '8.49',
    label: 'Categoría Notebooks: 15,5 %',
  },
  {
    case: 'rounding half up: 0.05 less 50 % (0.025) is 0.03',
    list: '0.05',
    quantity: 2,
    tiers: [{ minQuantity: 2, percentOff: '50' }],
    price: '0.03',
    label: 'Desde 2 unidades: 50 %',
  },
  {
    case: 'no float drift: 0.10 less 30 % is 0.07',
    list: '0.10',
    quantity: 1,
    rules: [rule({ id: 9, kind: 'all', percentOff: '30' })],
    price: '0.07',
    label: 'Todo el catálogo: 30 %',
  },
  {
    case: 'large amounts stay exact in BigInt',
    list: '9999999.99',
    quantity: 1,
    rules: [rule({ id: 9, kind: 'all', percentOff: '0.01' })],
    price: '9998999.99',
    label: 'Todo el catálogo: 0,01 %',
  },
];

describe('bestUnitPrice', () => {
  it.each(TABLE)('$case', (row) => {
    const best = bestUnitPrice(
      parseCents(row.list),
      row.quantity,
      row.tiers ?? [],
      row.rules ?? [],
      row.today ?? '2026-11-22',
    );
    expect(formatCents(best.unitCents)).toBe(row.price);
    expect(best.rule?.label ?? null).toBe(row.label);
  });

  it('never goes below one cent', () => {
    expect(percentOffCents(1n, '99.99')).toBe(1n);
  });
});

describe('rulesForLine', () => {
  it('keeps the rules of the line’s brand, category, variant and the whole catalogue', () => {
    const line = { variantId: 99, brandId: 7, categoryId: 4 };
    const other = { variantId: 98, brandId: 8, categoryId: 5 };
    const rules = [brand20, all10, category15, fixed900];
    expect(rulesForLine(rules, line).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(rulesForLine(rules, other).map((r) => r.id)).toEqual([2]);
  });
});

describe('formatPercentOff', () => {
  it.each([
    ['5.00', '5 %'],
    ['12.50', '12,5 %'],
    ['0.01', '0,01 %'],
    ['33.33', '33,33 %'],
  ])('%s -> %s', (stored, shown) => expect(formatPercentOff(stored)).toBe(shown));
});
