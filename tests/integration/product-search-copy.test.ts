// product_search is a narrow copy of products' searched and filtered columns, kept by statement
// triggers (migration 0028, docs/decisions/072-a-search-sheet-that-looks-at-fewer.md): a search
// for a model number reads it instead of products. After every kind of write it must equal the
// same columns read from products, and such a search must follow the change.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { brands, categories, products, variants } from '@server/db/schema';
import { callerFor } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
const caller = () => callerFor(world.deps);
const ids = { router: 0, switch: 0, otherBrand: 0, otherCategory: 0 };

const copiedColumns = sql`id, search_text, created_at, min_price_cents, brand_id, category_id`;

async function expectCopyCurrent() {
  const copy = await queryRows(
    world.db,
    sql`select ${copiedColumns} from product_search order by id`,
  );
  const source = await queryRows(world.db, sql`select ${copiedColumns} from products order by id`);
  expect(copy).toEqual(source);
}

/** The search sheet's product slugs for a term (a model number: read from the copy). */
const sheetSlugs = async (term: string) =>
  (await caller().catalog.search({ term })).items.map((item) => item.slug);

beforeAll(async () => {
  const [brand, otherBrand] = await world.db
    .insert(brands)
    .values([{ name: 'TP-Link' }, { name: 'Ubiquiti' }])
    .returning({ id: brands.id });
  const [category, otherCategory] = await world.db
    .insert(categories)
    .values([{ name: 'Redes' }, { name: 'Accesorios' }])
    .returning({ id: categories.id });
  ids.otherBrand = otherBrand!.id;
  ids.otherCategory = otherCategory!.id;
  // Both in one statement, as the catalogue import writes them.
  const [router, networkSwitch] = await world.db
    .insert(products)
    .values(
      ['Router modelo 4321', 'Switch modelo 4321'].map((name) => ({
        name,
        slug: name.toLowerCase().replaceAll(' ', '-'),
        description: { type: 'doc', content: [] },
        brandId: brand!.id,
        categoryId: category!.id,
      })),
    )
    .returning({ id: products.id });
  ids.router = router!.id;
  ids.switch = networkSwitch!.id;
  await world.db.insert(variants).values(
    [ids.router, ids.switch].map((productId) => ({
      productId,
      price: '120.00',
      stock: 5,
      storage: 'Único',
      color: '#000000',
      colorName: 'Negro',
    })),
  );
});

describe('the search copy of products', () => {
  it('holds every product as it was inserted, its lowest price too', async () => {
    await expectCopyCurrent();
    expect(await sheetSlugs('ruter 4321')).toEqual(['router-modelo-4321']);
  });

  it('follows a rename', async () => {
    await world.db
      .update(products)
      .set({ name: 'Router modelo 9876' })
      .where(eq(products.id, ids.router));
    await expectCopyCurrent();
    expect(await sheetSlugs('ruter 9876')).toEqual(['router-modelo-4321']);
    expect(await sheetSlugs('ruter 4321')).toEqual(['router-modelo-4321']);
    // The slug still holds 4321; a new slug drops it.
    await world.db
      .update(products)
      .set({ slug: 'router-modelo-9876' })
      .where(eq(products.id, ids.router));
    await expectCopyCurrent();
    expect(await sheetSlugs('ruter 4321')).toEqual([]);
  });

  it('follows a price change, and the shop filters a search by it', async () => {
    await world.db
      .update(variants)
      .set({ price: '180.00' })
      .where(eq(variants.productId, ids.router));
    await expectCopyCurrent();
    const cheap = await caller().catalog.list({ search: 'ruter 9876', maxPrice: 150 });
    expect(cheap.items).toEqual([]);
    const dear = await caller().catalog.list({ search: 'ruter 9876', minPrice: 150 });
    expect(dear.items.map((item) => item.slug)).toEqual(['router-modelo-9876']);
  });

  it('follows a new brand and category, and several products changed at once', async () => {
    await world.db
      .update(products)
      .set({ brandId: ids.otherBrand, categoryId: ids.otherCategory })
      .where(eq(products.id, ids.switch));
    await expectCopyCurrent();
    const inBrand = await caller().catalog.list({
      search: 'switch 4321',
      brandIds: [ids.otherBrand],
    });
    expect(inBrand.items.map((item) => item.slug)).toEqual(['switch-modelo-4321']);
    await world.db.update(products).set({ createdAt: new Date(Date.UTC(2026, 0, 1)) });
    await expectCopyCurrent();
  });

  it('loses a deleted product', async () => {
    await world.db.delete(products).where(eq(products.id, ids.switch));
    await expectCopyCurrent();
    expect(await sheetSlugs('switch 4321')).toEqual([]);
  });
});
