// products.card is kept by triggers (migration 0014). After every kind of write that changes
// what a card shows, each stored card must equal the card built here, in TypeScript, from the
// tables themselves: a write path the triggers miss leaves a stale card and fails here.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, variants } from '@server/db/schema';
import { callerFor } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let productId: number;
let otherBrandId: number;

/** The card of every product, built from its rows: what the triggers must have stored. */
async function expectedCards() {
  const db = world.db;
  const rows = await db.select().from(products).orderBy(asc(products.id));
  const brandNames = new Map((await db.select().from(brands)).map((row) => [row.id, row.name]));
  const categoryNames = new Map(
    (await db.select().from(categories)).map((row) => [row.id, row.name]),
  );
  const allVariants = await db.select().from(variants).orderBy(asc(variants.id));
  return rows.map((product) => {
    const own = allVariants.filter((variant) => variant.productId === product.id);
    const prices = own.map((variant) => Number(variant.price));
    return {
      id: product.id,
      name: product.name,
      slug: product.slug,
      image: product.images[0] ?? null,
      minPrice: own.length ? Math.min(...prices).toFixed(2) : null,
      brandName: brandNames.get(product.brandId),
      categoryName: categoryNames.get(product.categoryId),
      variants: own.map(({ id, color, colorName, storage, price, stock }) => ({
        id,
        color,
        colorName,
        storage,
        price,
        stock,
      })),
    };
  });
}

async function expectCardsCurrent() {
  const stored = await world.db
    .select({ card: products.card })
    .from(products)
    .orderBy(asc(products.id));
  expect(stored.map((row) => row.card)).toEqual(await expectedCards());
}

beforeAll(async () => {
  const [brand] = await world.db.insert(brands).values({ name: 'Lenovo' }).returning();
  const [other] = await world.db.insert(brands).values({ name: 'HP' }).returning();
  const [category] = await world.db.insert(categories).values({ name: 'Notebooks' }).returning();
  otherBrandId = other!.id;
  const [product] = await world.db
    .insert(products)
    .values({
      name: 'ThinkPad E14',
      slug: 'thinkpad-e14',
      description: { type: 'doc', content: [] },
      images: ['/uploads/products/thinkpad-e14/a-1200.webp'],
      brandId: brand!.id,
      categoryId: category!.id,
    })
    .returning();
  productId = product!.id;
});

describe('stored product cards', () => {
  it('a product without variants has a card with no price and no variants', async () => {
    const [row] = await world.db
      .select({ card: products.card })
      .from(products)
      .where(eq(products.id, productId));
    expect(row?.card).toMatchObject({ minPrice: null, variants: [] });
    await expectCardsCurrent();
  });

  it('follow variant inserts, updates and deletes', async () => {
    const inserted = await world.db
      .insert(variants)
      .values([
        {
          productId,
          price: '899.00',
          stock: 5,
          storage: '256 GB',
          color: '#000',
          colorName: 'Negro',
        },
        {
          productId,
          price: '999.50',
          stock: 2,
          storage: '512 GB',
          color: '#fff',
          colorName: 'Plata',
        },
      ])
      .returning();
    await expectCardsCurrent();
    const [cheap, dear] = inserted;
    await world.db.update(variants).set({ stock: 4 }).where(eq(variants.id, cheap!.id));
    await expectCardsCurrent();
    await world.db
      .update(variants)
      .set({ colorName: 'Gris', storage: '1 TB', color: '#888' })
      .where(eq(variants.id, dear!.id));
    await expectCardsCurrent();
    await world.db.update(variants).set({ price: '1099.00' }).where(eq(variants.id, cheap!.id));
    await expectCardsCurrent();
    await world.db.delete(variants).where(eq(variants.id, dear!.id));
    await expectCardsCurrent();
  });

  it('follow product edits and the names of its brand and category', async () => {
    await world.db
      .update(products)
      .set({ name: 'ThinkPad E14 Gen 6', images: ['/uploads/otra-1200.webp'] })
      .where(eq(products.id, productId));
    await expectCardsCurrent();
    await world.db
      .update(products)
      .set({ brandId: otherBrandId })
      .where(eq(products.id, productId));
    await expectCardsCurrent();
    await world.db.update(brands).set({ name: 'HP Inc.' }).where(eq(brands.id, otherBrandId));
    await expectCardsCurrent();
    await world.db.update(categories).set({ name: 'Portátiles' });
    await expectCardsCurrent();
  });

  it('a reservation by a quote shows in the shop card at once', async () => {
    const before = await callerFor(world.deps).catalog.list({ page: 1 });
    const stockBefore = before.items[0]!.variants[0]!.stock;
    await world.db
      .update(variants)
      .set({ stock: stockBefore - 1 })
      .where(eq(variants.productId, productId));
    const after = await callerFor(world.deps).catalog.list({ page: 1 });
    expect(after.items[0]!.variants[0]!.stock).toBe(stockBefore - 1);
    expect(after.items[0]).toMatchObject({ brandName: 'HP Inc.', categoryName: 'Portátiles' });
  });
});
