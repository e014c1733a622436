// The shop counts and pages only up to a cap (docs/decisions/067-a-shop-list-and-search-at-scale.md):
// a list up to SHOP_COUNT_CAP products, a search up to SEARCH_COUNT_CAP, the search sheet up
// to SEARCH_SHEET_COUNT_CAP (docs/decisions/072-a-search-sheet-that-looks-at-fewer.md). The
// caps are the store's settings, lowered here so forty products show what 10,000 would.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '@server/db/queries';
import { brands, categories, products, variants } from '@server/db/schema';
import { catalogCapsOf, shopQueryOf } from '@server/services/catalog/catalog-shop';
import { shopListInputSchema } from '@shared/schemas/catalog';
import { callerFor } from '../support/context';
import { useTestApp } from '../support/test-app';

const SHOP_CAP = 30;
const SEARCH_CAP = 5;
const SHEET_CAP = 4;
const world = useTestApp({
  env: {
    SHOP_COUNT_CAP: String(SHOP_CAP),
    SEARCH_COUNT_CAP: String(SEARCH_CAP),
    SEARCH_SHEET_COUNT_CAP: String(SHEET_CAP),
  },
});
const caller = () => callerFor(world.deps);
const names = (items: { name: string }[]) => items.map((item) => item.name);
const ids = { brand: 0, otherBrand: 0, category: 0 };

/** Product n (1 to 40): n days old, so 1 is the newest; price 100 + n. */
const PRODUCTS = 40;
const nameOf = (n: number) => (n % 4 === 0 ? `Mouse inalámbrico ${n}` : `Teclado compacto ${n}`);

beforeAll(async () => {
  const brandRows = await world.db
    .insert(brands)
    .values([{ name: 'Marca' }, { name: 'Otra marca' }])
    .returning({ id: brands.id });
  ids.brand = brandRows[0]!.id;
  ids.otherBrand = brandRows[1]!.id;
  const [category] = await world.db
    .insert(categories)
    .values({ name: 'Periféricos' })
    .returning({ id: categories.id });
  ids.category = category!.id;
  const rows = await world.db
    .insert(products)
    .values(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        name: nameOf(i + 1),
        slug: `producto-${i + 1}`,
        description: { type: 'doc', content: [] },
        // Eight of the forty in the other brand: a filter well under the cap.
        brandId: i % 5 === 0 ? ids.otherBrand : ids.brand,
        categoryId: ids.category,
        createdAt: new Date(Date.UTC(2026, 0, 60 - (i + 1))),
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  await world.db.insert(variants).values(
    rows.map((row, i) => ({
      productId: row.id,
      price: `${100 + i + 1}.00`,
      stock: 5,
      storage: 'Único',
      color: '#000000',
      colorName: 'Negro',
    })),
  );
  // The oldest mouse carries the word as its MPN: an exact code, older than the newest mice.
  const oldest = rows.at(-1)!;
  const [variant] = await world.db
    .select({ id: variants.id })
    .from(variants)
    .where(eq(variants.productId, oldest.id));
  await world.db.update(variants).set({ mpn: 'MOUSE' }).where(eq(variants.id, variant!.id));
});

describe('the shop list past its cap', () => {
  it('counts exactly up to the cap', async () => {
    const page = await caller().catalog.list({ brandIds: [ids.otherBrand] });
    expect(page).toMatchObject({ total: 8, isTotalCapped: false, pageCount: 1 });
    expect(page.items).toHaveLength(8);
  });

  it('says there are more than the cap, and pages through the first cap products only', async () => {
    const first = await caller().catalog.list({});
    expect(first).toMatchObject({ total: SHOP_CAP, isTotalCapped: true, page: 1, pageCount: 3 });
    const pages = [
      first,
      ...(await Promise.all([2, 3].map((page) => caller().catalog.list({ page })))),
    ];
    // The last page stops at the cap's product: 12 + 12 + 6, the thirty newest.
    expect(pages.map((page) => page.items.length)).toEqual([12, 12, 6]);
    const seen = pages.flatMap((page) => page.items.map((item) => item.slug));
    expect(seen).toEqual(Array.from({ length: SHOP_CAP }, (_, i) => `producto-${i + 1}`));
  });

  it('pages the cheapest first up to the cap when sorted by price', async () => {
    const third = await caller().catalog.list({ sort: 'asc', page: 3 });
    expect(third).toMatchObject({ total: SHOP_CAP, isTotalCapped: true });
    expect(third.items.map((item) => item.minPrice)).toEqual(
      Array.from({ length: 6 }, (_, i) => `${125 + i}.00`),
    );
  });

  it('answers a page past the cap with no products, the capped total and where it ends', async () => {
    for (const page of [4, 100_000]) {
      const past = await caller().catalog.list({ page });
      expect(past).toMatchObject({ items: [], total: SHOP_CAP, isTotalCapped: true, pageCount: 3 });
    }
  });
});

/**
 * The plan of the shop page's statement as it ran, after `settings` (SET LOCAL statements, in
 * the same transaction) have steered the planner.
 */
async function executedPlan(
  input: { search?: string; page?: number },
  settings: string[] = [],
): Promise<PlanNode> {
  const parsed = shopListInputSchema.parse(input);
  const caps = { shop: SHOP_CAP, search: SEARCH_CAP };
  const [{ Plan }] = await world.db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(setting));
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      tx,
      sql`explain (analyze, format json) ${shopQueryOf(parsed, caps).query}`,
    );
    const plan = row!['QUERY PLAN'];
    return (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
  });
  return Plan;
}

/** Every node of a plan, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The rows each Limit node of the statement's plan let through, as it ran. */
async function limitedRows(input: { search?: string; page?: number }): Promise<number[]> {
  return nodesOf(await executedPlan(input))
    .filter((node) => node['Node Type'] === 'Limit')
    .map((node) => node['Actual Rows']);
}
type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Alias?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

describe('the work of a list past its cap', () => {
  it('counts a list one product past the cap, not all forty', async () => {
    expect(await limitedRows({})).toContain(SHOP_CAP + 1);
  });

  it('walks a search one match past the cap, not all thirty', async () => {
    expect(await limitedRows({ search: 'teclado' })).toContain(SEARCH_CAP + 1);
  });

  it('looks a model number up in the trigram index, never walks the date order for it', async () => {
    // At 300,000 products the planner walked the newest-first index for 'celulr 513', counting
    // on finding the cap's matches early, and read the whole catalogue for 120 (decision 067).
    // With sorting priced out here, only the statement's shape can stop that walk.
    const walks = (plan: PlanNode) =>
      nodesOf(plan).filter((node) => node['Index Name'] === 'products_created_at_idx');
    const settings = ['set local enable_sort = off'];
    expect(walks(await executedPlan({ search: 'teclado' }, settings))).not.toEqual([]);
    const numberPlan = await executedPlan({ search: 'teclado 117' }, settings);
    expect(walks(numberPlan)).toEqual([]);
    // Its products are read from the narrow copy, not from products' wide rows (decision 072).
    const read = nodesOf(numberPlan).map((node) => node['Relation Name']);
    expect(read).toContain('product_search');
  });

  it('tests the words of a model-number search newest first, only until one past the cap', async () => {
    // 'producto-1' is held by products 1 and 10 to 19, nine of them teclados. Newest first, the
    // sixth teclado is the seventh product: the similarity need not run on the other four
    // (decision 072).
    const plan = await executedPlan({ search: 'teclado producto-1' });
    const found = nodesOf(plan).find((node) => node.Alias === 'found');
    expect(found?.['Actual Rows']).toBe(SEARCH_CAP + 1);
    expect(found!['Actual Rows'] + (found!['Rows Removed by Filter'] ?? 0)).toBe(7);
  });
});

describe('a search past its cap', () => {
  it('ranks the newest matches up to the cap and says there are more', async () => {
    // Thirty teclados match; the five newest are shown (products 1, 2, 3, 5, 6).
    const page = await caller().catalog.list({ search: 'teclado' });
    expect(page).toMatchObject({ total: SEARCH_CAP, isTotalCapped: true, pageCount: 1 });
    expect(page.items.map((item) => item.slug)).toEqual(
      [1, 2, 3, 5, 6].map((n) => `producto-${n}`),
    );
    const past = await caller().catalog.list({ search: 'teclado', page: 2 });
    expect(past).toMatchObject({ items: [], total: SEARCH_CAP, isTotalCapped: true });
  });

  it('still forgives typos and accents, counting exactly under the cap', async () => {
    const typo = await caller().catalog.list({ search: 'mause inalambrico 1' });
    expect(names(typo.items).sort()).toEqual(['Mouse inalámbrico 12', 'Mouse inalámbrico 16']);
    expect(typo).toMatchObject({ total: 2, isTotalCapped: false });
    // The whole term in the text ranks above a near match ('28' holds the 8 too).
    const accents = await caller().catalog.list({ search: 'INALÁMBRICO 8' });
    expect(names(accents.items)).toEqual(['Mouse inalámbrico 8', 'Mouse inalámbrico 28']);
  });

  it('finds a typo in the words wherever the number stands in the name', async () => {
    // 'tecldo 17' as a whole is 0.4 similar to 'teclado compacto 17' (the number sits a word
    // away), its word 0.57 to 'teclado'; and 17 is in one teclado only.
    const page = await caller().catalog.list({ search: 'tecldo 17' });
    expect(names(page.items)).toEqual(['Teclado compacto 17']);
  });

  it('keeps the product of an exact code first, however old', async () => {
    // Ten mice match 'mouse'; the one whose MPN is MOUSE is the oldest product of all.
    const page = await caller().catalog.list({ search: 'mouse' });
    expect(page.items[0]!.slug).toBe(`producto-${PRODUCTS}`);
    expect(page).toMatchObject({ total: SEARCH_CAP, isTotalCapped: true });
    const sheet = await caller().catalog.search({ term: 'Mouse' });
    expect(sheet.items[0]!.slug).toBe(`producto-${PRODUCTS}`);
  });

  it('lists in the search sheet the variants of the products within its own, smaller cap', async () => {
    const sheet = await caller().catalog.search({ term: 'teclado' });
    // One variant each: four results, and more than that; the shop's search looks at five.
    expect(sheet).toMatchObject({ total: SHEET_CAP, isTotalCapped: true, pageCount: 1 });
    expect(sheet.items.map((item) => item.slug)).toEqual([1, 2, 3, 5].map((n) => `producto-${n}`));
    const shop = await caller().catalog.list({ search: 'teclado' });
    expect(shop).toMatchObject({ total: SEARCH_CAP, isTotalCapped: true });
    // Four teclados hold a 7 (7, 17, 27, 37): at the cap, counted exactly, best match first.
    const few = await caller().catalog.search({ term: 'teclado compacto 7' });
    expect(few).toMatchObject({ total: 4, isTotalCapped: false });
    expect(few.items[0]!.slug).toBe('producto-7');
    const past = await caller().catalog.search({ term: 'teclado', page: 2 });
    expect(past).toMatchObject({ items: [], total: SHEET_CAP, isTotalCapped: true });
  });

  it('never lets the sheet look further than the shop search', () => {
    const caps = { SHOP_COUNT_CAP: 30, SEARCH_COUNT_CAP: 5, SEARCH_SHEET_COUNT_CAP: 48 };
    expect(catalogCapsOf(caps)).toEqual({ shop: 30, search: 5, sheet: 5 });
  });
});
