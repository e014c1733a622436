import { beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, variants } from '@server/db/schema';
import { callerFor } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
const ids = { brands: {} as Record<string, number>, categories: {} as Record<string, number> };
const DAY_MS = 24 * 3600 * 1000;

type VariantRow = [colorName: string, storage: string, price: string, stock: number];

/** Inserts a product created `ageDays` ago with its variants; its id is returned. */
async function addProduct(options: {
  name: string;
  slug: string;
  brand: string;
  category: string;
  ageDays: number;
  variants: VariantRow[];
}) {
  const [product] = await world.db
    .insert(products)
    .values({
      name: options.name,
      slug: options.slug,
      features: ['Garantía oficial'],
      description: { type: 'doc', content: [{ type: 'paragraph', content: [] }] },
      images: [`/uploads/products/${options.slug}/a-1200.webp`, `/uploads/b-1200.webp`],
      brandId: ids.brands[options.brand]!,
      categoryId: ids.categories[options.category]!,
      createdAt: new Date(Date.now() - options.ageDays * DAY_MS),
    })
    .returning({ id: products.id });
  if (options.variants.length > 0) {
    await world.db.insert(variants).values(
      options.variants.map(([colorName, storage, price, stock]) => ({
        productId: product!.id,
        color: colorName === 'Negro' ? '#000000' : '#ffffff',
        colorName,
        storage,
        price,
        stock,
      })),
    );
  }
  return product!.id;
}

const caller = () => callerFor(world.deps);
const names = (items: { name: string }[]) => items.map((item) => item.name);

beforeAll(async () => {
  for (const name of ['Lenovo', 'apple', 'HP', 'Zebra']) {
    const [row] = await world.db.insert(brands).values({ name }).returning();
    ids.brands[name] = row!.id;
  }
  for (const name of ['Notebooks', 'Cámaras', 'Accesorios']) {
    const [row] = await world.db.insert(categories).values({ name }).returning();
    ids.categories[name] = row!.id;
  }
  await addProduct({
    name: 'Cámara Web HD Pro',
    slug: 'camara-web-hd-pro',
    brand: 'HP',
    category: 'Cámaras',
    ageDays: 1,
    variants: [
      ['Negro', 'Full HD', '89.90', 3],
      ['Blanco', 'Full HD', '95.00', 0],
    ],
  });
  await addProduct({
    name: 'Notebook Lenovo ThinkPad E14',
    slug: 'notebook-lenovo-thinkpad-e14',
    brand: 'Lenovo',
    category: 'Notebooks',
    ageDays: 2,
    variants: [
      ['Negro', 'Intel Core i7', '1289.00', 6],
      ['Negro', 'Intel Core i5', '1049.50', 14],
    ],
  });
  await addProduct({
    name: 'MacBook Air M3',
    slug: 'macbook-air-m3',
    brand: 'apple',
    category: 'Notebooks',
    ageDays: 3,
    variants: [['Blanco', '256 GB', '1399.00', 2]],
  });
  // Twenty accessories, one a day older than the other, with rising prices.
  for (let i = 1; i <= 20; i++) {
    await addProduct({
      name: `Mouse inalámbrico modelo ${i}`,
      slug: `mouse-inalambrico-${i}`,
      brand: i % 2 === 0 ? 'HP' : 'Zebra',
      category: 'Accesorios',
      ageDays: 3 + i,
      variants: [['Negro', 'Único', `${10 + i}.00`, i % 5]],
    });
  }
  // Not for sale: no variant, so it shows nowhere in the store.
  await addProduct({
    name: 'Notebook sin variantes',
    slug: 'notebook-sin-variantes',
    brand: 'Lenovo',
    category: 'Notebooks',
    ageDays: 0,
    variants: [],
  });
});

describe('catalog.list (shop)', () => {
  it('pages twelve at a time, newest first, with the total and each card complete', async () => {
    const first = await caller().catalog.list({});
    expect(first.total).toBe(23);
    expect(first).toMatchObject({ page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(12);
    expect(names(first.items).slice(0, 3)).toEqual([
      'Cámara Web HD Pro',
      'Notebook Lenovo ThinkPad E14',
      'MacBook Air M3',
    ]);
    const notebook = first.items[1]!;
    expect(notebook).toMatchObject({
      slug: 'notebook-lenovo-thinkpad-e14',
      brandName: 'Lenovo',
      categoryName: 'Notebooks',
      minPrice: '1049.50',
      image: '/uploads/products/notebook-lenovo-thinkpad-e14/a-1200.webp',
    });
    expect(notebook.variants).toEqual([
      expect.objectContaining({ colorName: 'Negro', storage: 'Intel Core i7', price: '1289.00' }),
      expect.objectContaining({ colorName: 'Negro', storage: 'Intel Core i5', price: '1049.50' }),
    ]);

    const second = await caller().catalog.list({ page: 2 });
    expect(second.items).toHaveLength(11);
    expect(second.total).toBe(23);
    const seen = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(seen.size).toBe(23);
    expect(names(second.items)).not.toContain('Notebook sin variantes');
  });

  it('answers a page past the end with no items and the real total', async () => {
    const page = await caller().catalog.list({ page: 9 });
    expect(page.items).toEqual([]);
    expect(page.total).toBe(23);
  });

  it('finds accents and case regardless of how the term is typed', async () => {
    for (const search of ['camara', 'CÁMARA', 'cámara web']) {
      const page = await caller().catalog.list({ search });
      expect(names(page.items)).toEqual(['Cámara Web HD Pro']);
      expect(page.total).toBe(1);
    }
    const bySlug = await caller().catalog.list({ search: 'thinkpad-e14' });
    expect(names(bySlug.items)).toEqual(['Notebook Lenovo ThinkPad E14']);
  });

  it('forgives a one-letter typo and ranks the best match first', async () => {
    const page = await caller().catalog.list({ search: 'notbook' });
    expect(names(page.items)[0]).toBe('Notebook Lenovo ThinkPad E14');
    const mouse = await caller().catalog.list({ search: 'mause inalambrico' });
    expect(mouse.total).toBe(20);
    // A short word shares no inner trigram with its typo ('hdd', 'hd'): still similar enough.
    const short = await caller().catalog.list({ search: 'hdd' });
    expect(names(short.items)).toEqual(['Cámara Web HD Pro']);
  });

  it('finds a model by its number, typo aside, not every product that shares a word', async () => {
    // 'mause modelo' alone is similar to all twenty mice; the number must be in the product.
    const page = await caller().catalog.list({ search: 'mause modelo 7' });
    expect(names(page.items).sort()).toEqual([
      'Mouse inalámbrico modelo 17',
      'Mouse inalámbrico modelo 7',
    ]);
    const sheet = await caller().catalog.search({ term: 'Mause inalámbrico 12' });
    expect(sheet.items.map((item) => item.name)).toEqual(['Mouse inalámbrico modelo 12']);
  });

  it('treats LIKE wildcards in the term as plain characters', async () => {
    const page = await caller().catalog.list({ search: '%' });
    expect(page.total).toBe(0);
  });

  it('filters by several brands and categories, and by a price range', async () => {
    const byBrands = await caller().catalog.list({
      brandIds: [ids.brands.Lenovo!, ids.brands.apple!],
    });
    expect(names(byBrands.items).sort()).toEqual([
      'MacBook Air M3',
      'Notebook Lenovo ThinkPad E14',
    ]);
    const byCategories = await caller().catalog.list({
      categoryIds: [ids.categories['Cámaras']!, ids.categories.Notebooks!],
    });
    expect(byCategories.total).toBe(3);
    const inRange = await caller().catalog.list({ minPrice: 89.9, maxPrice: 1100 });
    expect(names(inRange.items)).toEqual(['Cámara Web HD Pro', 'Notebook Lenovo ThinkPad E14']);
    const combined = await caller().catalog.list({
      brandIds: [ids.brands.HP!],
      categoryIds: [ids.categories.Accesorios!],
      maxPrice: 20,
      sort: 'desc',
    });
    expect(names(combined.items)).toEqual([
      'Mouse inalámbrico modelo 10',
      'Mouse inalámbrico modelo 8',
      'Mouse inalámbrico modelo 6',
      'Mouse inalámbrico modelo 4',
      'Mouse inalámbrico modelo 2',
    ]);
  });

  it('reads empty price bounds as no bound', async () => {
    const unbounded = await caller().catalog.list({ minPrice: null, maxPrice: null });
    expect(unbounded.total).toBe(23);
    const onlyMin = await caller().catalog.list({ minPrice: 1000, maxPrice: null });
    expect(onlyMin.total).toBe(2);
    const onlyMax = await caller().catalog.list({ maxPrice: 12 });
    expect(names(onlyMax.items).sort()).toEqual([
      'Mouse inalámbrico modelo 1',
      'Mouse inalámbrico modelo 2',
    ]);
  });

  it('reads price bounds typed the Uruguayan way as the filter does', async () => {
    const typed = await caller().catalog.list({ minPrice: '1.000', maxPrice: '1.100,00' });
    const numbers = await caller().catalog.list({ minPrice: 1000, maxPrice: 1100 });
    expect(typed.total).toBeGreaterThan(0);
    expect(names(typed.items)).toEqual(names(numbers.items));
    await expect(caller().catalog.list({ minPrice: '1,200.50' })).rejects.toThrow(
      'Escribí el importe como 1.150,50',
    );
  });

  it('sorts by lowest variant price in both directions', async () => {
    const ascending = await caller().catalog.list({ sort: 'asc' });
    const prices = ascending.items.map((item) => Number(item.minPrice));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ascending.items[0]!.minPrice).toBe('11.00');
    const descending = await caller().catalog.list({ sort: 'desc' });
    expect(names(descending.items).slice(0, 2)).toEqual([
      'MacBook Air M3',
      'Notebook Lenovo ThinkPad E14',
    ]);
  });

  it('rejects an out-of-range page', async () => {
    await expect(caller().catalog.list({ page: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('catalog.featured (home)', () => {
  it('picks eight of the latest twenty, ordered by price, the same for one seed', async () => {
    const latestTwenty = (await caller().catalog.list({})).items
      .concat((await caller().catalog.list({ page: 2 })).items)
      .slice(0, 20)
      .map((item) => item.slug);
    const descending = await caller().catalog.featured({ seed: 42 });
    expect(descending).toHaveLength(8);
    for (const item of descending) expect(latestTwenty).toContain(item.slug);
    const prices = descending.map((item) => Number(item.minPrice));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const ascending = await caller().catalog.featured({ seed: 42, sort: 'asc' });
    expect(ascending.map((item) => item.slug)).toEqual(
      descending.map((item) => item.slug).reverse(),
    );
  });

  it('draws different products for different seeds', async () => {
    const draws = new Set<string>();
    for (let seed = 1; seed <= 5; seed++) {
      const items = await caller().catalog.featured({ seed });
      draws.add(
        items
          .map((item) => item.slug)
          .sort()
          .join(),
      );
    }
    expect(draws.size).toBeGreaterThan(1);
    expect(await caller().catalog.featured({})).toHaveLength(8);
  });
});

describe('catalog.get (product page)', () => {
  it('returns the product with variants, brand, category, images and description', async () => {
    const product = await caller().catalog.get({ slug: 'camara-web-hd-pro' });
    expect(product).toMatchObject({
      name: 'Cámara Web HD Pro',
      brandName: 'HP',
      categoryName: 'Cámaras',
      minPrice: '89.90',
      features: ['Garantía oficial'],
      images: ['/uploads/products/camara-web-hd-pro/a-1200.webp', '/uploads/b-1200.webp'],
      description: { type: 'doc' },
    });
    expect(product!.variants.map((v) => [v.colorName, v.price, v.stock])).toEqual([
      ['Negro', '89.90', 3],
      ['Blanco', '95.00', 0],
    ]);
  });

  it('answers null for an unknown slug', async () => {
    expect(await caller().catalog.get({ slug: 'no-existe' })).toBeNull();
  });

  it('comes with up to four other products of the same category, newest first', async () => {
    const mouse = await caller().catalog.get({ slug: 'mouse-inalambrico-1' });
    expect(names(mouse!.similar)).toEqual([
      'Mouse inalámbrico modelo 2',
      'Mouse inalámbrico modelo 3',
      'Mouse inalámbrico modelo 4',
      'Mouse inalámbrico modelo 5',
    ]);
    const notebook = await caller().catalog.get({ slug: 'macbook-air-m3' });
    expect(names(notebook!.similar)).toEqual(['Notebook Lenovo ThinkPad E14']);
  });
});

describe('catalog.search (search sheet)', () => {
  it('lists matching variants a page at a time', async () => {
    const results = await caller().catalog.search({ term: 'camara' });
    expect(results.total).toBe(2);
    expect(results.items).toEqual([
      expect.objectContaining({
        slug: 'camara-web-hd-pro',
        storage: 'Full HD',
        colorName: 'Negro',
        price: '89.90',
      }),
      expect.objectContaining({ colorName: 'Blanco', price: '95.00' }),
    ]);
    const mice = await caller().catalog.search({ term: 'mouse', page: 3 });
    expect(mice.total).toBe(20);
    expect(mice.items).toHaveLength(4);
  });

  it('rejects a blank term', async () => {
    await expect(caller().catalog.search({ term: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('catalog.taxonomies', () => {
  it('orders by name regardless of case, with the total', async () => {
    const result = await caller().catalog.taxonomies({ kind: 'brand' });
    expect(names(result.items)).toEqual(['apple', 'HP', 'Lenovo', 'Zebra']);
    expect(result).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    // The storefront learns names and logos only, not how many products use each.
    expect(Object.keys(result.items[0]!)).toEqual(['id', 'name', 'logoUrl']);
    const categoryList = await caller().catalog.taxonomies({ kind: 'category' });
    expect(names(categoryList.items)).toEqual(['Accesorios', 'Cámaras', 'Notebooks']);
  });
});
