// A company member's price on the cards, in the shop's price filter and in its 'precio' sorting
// (docs/decisions/089-the-buyers-price-on-every-card.md): pricing.shop orders and filters by the
// price the one price function gives each product at one unit, page after page, with a search
// too; pricing.cards names the variants below list. Others see the list prices.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import type { AppDeps } from '@server/app-deps';
import { products } from '@server/db/schema';
import { queryRows } from '@server/db/queries';
import { cardPriceCents, cardPriceRulesOf } from '@server/services/pricing/card-price-sql';
import { buyerOf, priceLines } from '@server/services/pricing/pricing';
import { storeDay } from '@shared/format';
import { SHOP_PAGE_SIZE } from '@shared/catalog-limits';
import { parseCents } from '@shared/money';
import type { ShopListInput } from '@shared/schemas/catalog';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { movableClock } from '../support/clock';
import { addRule, newCompany, setCompanyOf } from '../support/pricing';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();
const clock = movableClock('2026-11-22T15:00:00Z');
let deps: AppDeps;
let member: SessionUser;
let loner: SessionUser;
let companyId: number;
/** Every product's variants, by product id. */
const variantsOf = new Map<number, number[]>();
let lenovo: number;
let expiredBrand: number;
let fixedProduct: number;

/** 31 products over three brands: prices whose list order is not the member's. */
const SPECS = Array.from({ length: 31 }, (_, i) => ({
  // Prices spread so that 30 % off one brand overtakes others.
  prices:
    i % 5 === 0
      ? [`${100 + ((i * 37) % 90)}.05`, `${300 + i}.00`]
      : [`${100 + ((i * 53) % 97)}.35`],
  brand: i % 3,
}));

beforeAll(async () => {
  deps = createTestDeps(world.db, { clock });
  member = await createTestUser(deps, { fullName: 'Compras Acme' });
  loner = await createTestUser(deps, { fullName: 'Sin Empresa' });
  companyId = await newCompany(world.db, 'Acme S.A.');
  await setCompanyOf(world.db, member.customer!.id, companyId);
  const brandIds: number[] = [];
  for (const [i, spec] of SPECS.entries()) {
    const created = await createTestProduct(
      world.db,
      spec.prices.map((price) => ({ stock: 5, price })),
      `Equipo ${i}`,
    );
    const productId = created[0]!.productId;
    variantsOf.set(
      productId,
      created.map((variant) => variant.id),
    );
    if (brandIds.length < 3) {
      const [row] = await world.db
        .select({ brandId: products.brandId })
        .from(products)
        .where(eq(products.id, productId));
      brandIds.push(row!.brandId);
    }
    await world.db
      .update(products)
      .set({ brandId: brandIds[spec.brand] ?? brandIds[0]! })
      .where(eq(products.id, productId));
  }
  [lenovo, , expiredBrand] = brandIds as [number, number, number];
  const productIds = [...variantsOf.keys()];
  fixedProduct = productIds[7]!;
  const [someCategory] = await world.db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, productIds[4]!));
  await addRule(world.db, { companyId, kind: 'brand', brandId: lenovo, percentOff: '30' });
  await addRule(world.db, {
    companyId,
    kind: 'category',
    categoryId: someCategory!.categoryId,
    percentOff: '12.5',
  });
  await addRule(world.db, { companyId, kind: 'all', percentOff: '5' });
  // Ended yesterday in Montevideo: it must not lower anything.
  await addRule(world.db, {
    companyId,
    kind: 'brand',
    brandId: expiredBrand,
    percentOff: '60',
    endsOn: '2026-11-21',
  });
  // A fixed price far under the list price of a product priced above any filter's ceiling.
  await world.db.update(products).set({ name: 'Equipo caro' }).where(eq(products.id, fixedProduct));
  const fixedVariant = variantsOf.get(fixedProduct)![0]!;
  const { variants } = await import('@server/db/schema');
  await world.db.update(variants).set({ price: '5000.00' }).where(eq(variants.id, fixedVariant));
  await addRule(world.db, {
    companyId,
    kind: 'variant',
    variantId: fixedVariant,
    fixedPrice: '101.10',
  });
});

/** What the one price function says each product costs this customer at one unit (cents). */
async function expectedPrices(customerId: number) {
  const buyer = await buyerOf(world.db, customerId);
  const lines = [...variantsOf.values()].flat().map((variantId) => ({ variantId, quantity: 1 }));
  const priced = await priceLines(world.db, buyer, lines, clock.now());
  const byVariant = new Map(priced.map((line) => [line.variantId, parseCents(line.unitPrice)]));
  return new Map(
    [...variantsOf].map(([productId, ids]) => [
      productId,
      ids.map((id) => byVariant.get(id)!).reduce((a, b) => (a < b ? a : b)),
    ]),
  );
}

/** Every page of pricing.shop for `input`, as product ids. */
async function allPages(session: SessionUser, input: ShopListInput) {
  const caller = callerFor(deps, session);
  const first = await caller.pricing.shop({ ...input, page: 1 });
  const ids = first.items.map((card) => card.id);
  for (let page = 2; page <= first.pageCount; page += 1) {
    ids.push(...(await caller.pricing.shop({ ...input, page })).items.map((card) => card.id));
  }
  return { ids, total: first.total };
}

const cents = (amount: number) => BigInt(Math.round(amount * 100));

function expectedOrder(
  prices: Map<number, bigint>,
  input: { sort?: 'asc' | 'desc'; minPrice?: number; maxPrice?: number },
) {
  const kept = [...prices].filter(
    ([, price]) =>
      (input.minPrice === undefined || price >= cents(input.minPrice)) &&
      (input.maxPrice === undefined || price <= cents(input.maxPrice)),
  );
  const sign = input.sort === 'desc' ? -1 : 1;
  kept.sort(([a, pa], [b, pb]) => (pa === pb ? a - b : pa < pb ? -1 : 1) * sign);
  return kept.map(([id]) => id);
}

describe('pricing.shop for a company member', () => {
  const cases: { sort: 'asc' | 'desc'; minPrice?: number; maxPrice?: number }[] = [
    { sort: 'asc' },
    { sort: 'desc' },
    { sort: 'asc', maxPrice: 120 },
    { sort: 'desc', maxPrice: 120 },
    { sort: 'asc', minPrice: 101.1, maxPrice: 150.5 },
    { sort: 'desc', minPrice: 130 },
  ];
  for (const input of cases) {
    it(`orders and filters by the member's price: ${JSON.stringify(input)}`, async () => {
      const expected = expectedOrder(await expectedPrices(member.customer!.id), input);
      const { ids, total } = await allPages(member, input);
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
    });
  }

  it('brings a product whose fixed price is under the ceiling, however high its list price', async () => {
    const { ids } = await allPages(member, { sort: 'asc', maxPrice: 120 });
    expect(ids).toContain(fixedProduct);
    const shared = await callerFor(deps).catalog.list({ sort: 'asc', maxPrice: 120 });
    expect(shared.items.map((card) => card.id)).not.toContain(fixedProduct);
  });

  it('filters newest first by the member’s price, and within a search', async () => {
    const prices = await expectedPrices(member.customer!.id);
    const under = new Set(expectedOrder(prices, { maxPrice: 120 }));
    const { ids } = await allPages(member, { maxPrice: 120 });
    expect(new Set(ids)).toEqual(under);
    const searched = await allPages(member, { search: 'equipo', sort: 'asc', maxPrice: 120 });
    expect(searched.ids).toEqual(expectedOrder(prices, { sort: 'asc', maxPrice: 120 }));
  });

  it('answers a customer without a company the shared list', async () => {
    const input = { sort: 'asc', maxPrice: 150 } as const;
    const mine = await callerFor(deps, loner).pricing.shop(input);
    const shared = await callerFor(deps).catalog.list(input);
    expect(mine).toEqual(shared);
    expect(SHOP_PAGE_SIZE).toBe(12);
  });

  it('refuses visitors', async () => {
    await expect(callerFor(deps).pricing.shop({ sort: 'asc' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('the card price in SQL', () => {
  it('is the one price function’s, product by product (rounding half up, rules in force)', async () => {
    const rules = await cardPriceRulesOf(world.db, member.customer!.id, storeDay(clock.now()));
    const rows = await queryRows<{ id: number; price: string }>(
      world.db,
      sql`select p.id, ${cardPriceCents(rules!)}::text as price from products p`,
    );
    const expected = await expectedPrices(member.customer!.id);
    expect(new Map(rows.map((row) => [row.id, BigInt(row.price)]))).toEqual(expected);
  });
});

describe('pricing.cards', () => {
  it('names each variant below its list price for a member, none for others', async () => {
    const productIds = [...variantsOf.keys()];
    const mine = await callerFor(deps, member).pricing.cards({ productIds });
    const prices = await priceLines(
      world.db,
      await buyerOf(world.db, member.customer!.id),
      [...variantsOf.values()].flat().map((variantId) => ({ variantId, quantity: 1 })),
      clock.now(),
    );
    const lower = prices.filter((line) => line.unitPrice !== line.listPrice);
    expect(mine.map((line) => [line.variantId, line.unitPrice]).sort()).toEqual(
      lower.map((line) => [line.variantId, line.unitPrice]).sort(),
    );
    expect(mine.find((line) => line.variantId === variantsOf.get(fixedProduct)![0])).toMatchObject({
      unitPrice: '101.10',
      rule: { kind: 'variant' },
    });
    expect(await callerFor(deps, loner).pricing.cards({ productIds })).toEqual([]);
  });
});
