import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import { brands, categories, orderItems, orders, products, variants } from '@server/db/schema';
import { saveProduct } from '@server/services/catalog/product-save';
import type { ProductInput } from '@shared/schemas/product';
import { slugify } from '@shared/slug';
import { callerFor, createTestUser } from '../support/context';
import { storedKeys } from '../support/storage';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let admin: SessionUser;
let customer: SessionUser;
const brandIds: Record<string, number> = {};
const categoryIds: Record<string, number> = {};

const description: ProductInput['description'] = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Descripción' }] }],
};

/** Saves a product through the same service the upload route uses, with one real image. */
async function createProduct(name: string, brand: string, category: string, prices = [100]) {
  const input: ProductInput = {
    name,
    slug: slugify(name),
    brandId: brandIds[brand]!,
    categoryId: categoryIds[category]!,
    features: [],
    description,
    variants: prices.map((price, i) => ({
      price: price.toFixed(2),
      stock: i,
      storage: `${128 * (i + 1)} GB`,
      color: '#fff',
      colorName: `Color ${i}`,
    })),
    images: [{ upload: 'nueva-1' }],
  };
  const data = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  return saveProduct(
    world.deps,
    undefined,
    input,
    [{ key: 'nueva-1', fileName: 'foto.png', data }],
    {
      userId: admin.user.id,
    },
  );
}

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps);
  for (const name of ['Lenovo', 'Épsilon']) {
    const [row] = await world.db.insert(brands).values({ name }).returning();
    brandIds[name] = row!.id;
  }
  for (const name of ['Notebooks', 'Impresoras']) {
    const [row] = await world.db.insert(categories).values({ name }).returning();
    categoryIds[name] = row!.id;
  }
  // Twelve notebooks, then one printer of another brand: the newest comes first.
  for (let i = 1; i <= 12; i++) await createProduct(`Notebook ${i}`, 'Lenovo', 'Notebooks');
  await createProduct('Impresora Láser', 'Épsilon', 'Impresoras', [250.5, 199.99]);
});

const adminProducts = () => callerFor(world.deps, admin).admin.products;

describe('dashboard products table', () => {
  it('pages by 10, newest first, with total, first image and every variant', async () => {
    const first = await adminProducts().list({ page: 1 });
    expect(first.total).toBe(13);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({
      name: 'Impresora Láser',
      brandName: 'Épsilon',
      categoryName: 'Impresoras',
    });
    expect(first.items[0]!.image).toMatch(/^\/uploads\/product-images\/\d+\/\d+-foto-/);
    expect(first.items[0]!.variants.map((v) => [v.colorName, v.storage, v.price, v.stock])).toEqual(
      [
        ['Color 0', '128 GB', '250.50', 0],
        ['Color 1', '256 GB', '199.99', 1],
      ],
    );
    const second = await adminProducts().list({ page: 2 });
    expect(second.items.map((item) => item.name)).toEqual([
      'Notebook 3',
      'Notebook 2',
      'Notebook 1',
    ]);
  });

  it('searches name, slug, brand and category, ignoring case and accents', async () => {
    const names = async (search: string) =>
      (await adminProducts().list({ page: 1, search })).items.map((item) => item.name);
    expect(await names('laser')).toEqual(['Impresora Láser']);
    expect(await names('impresora-laser')).toEqual(['Impresora Láser']);
    expect(await names('EPSILON')).toEqual(['Impresora Láser']);
    expect(await names('impresoras')).toEqual(['Impresora Láser']);
    expect((await adminProducts().list({ page: 1, search: 'lenovo' })).total).toBe(12);
    expect((await adminProducts().list({ page: 2, search: 'notebook 1' })).items).toHaveLength(0);
    expect(await names('notebook 1')).toEqual([
      'Notebook 12',
      'Notebook 11',
      'Notebook 10',
      'Notebook 1',
    ]);
    // LIKE wildcards typed by the admin are plain characters.
    expect(await names('%')).toEqual([]);
  });

  it('loads one product for the edit form by slug', async () => {
    const product = await adminProducts().get({ slug: 'impresora-laser' });
    expect(product).toMatchObject({
      name: 'Impresora Láser',
      brandId: brandIds['Épsilon'],
      description,
    });
    expect(product.variants).toHaveLength(2);
    await expect(adminProducts().get({ slug: 'no-existe' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Producto no encontrado',
    });
  });
});

describe('deleting a product', () => {
  it('removes variants and image folder but keeps past orders', async () => {
    const saved = await createProduct('Borrable', 'Lenovo', 'Notebooks', [10, 20]);
    const productVariants = await world.db
      .select()
      .from(variants)
      .where(eq(variants.productId, saved.id));
    const [order] = await world.db
      .insert(orders)
      .values({ customerId: customer.customer!.id, totalAmount: '10.00', contactEmail: 'a@b.uy' })
      .returning();
    await world.db.insert(orderItems).values({
      orderId: order!.id,
      variantId: productVariants[0]!.id,
      productId: saved.id,
      price: '10.00',
      quantity: 1,
      productName: 'Borrable',
      colorName: 'Color 0',
      storage: '128 GB',
    });
    const folderKeys = () => storedKeys(world.deps, `product-images/${saved.id}/`);
    expect(await folderKeys()).toHaveLength(2);

    await adminProducts().delete({ id: saved.id });

    expect(await world.db.select().from(products).where(eq(products.id, saved.id))).toEqual([]);
    expect(await world.db.select().from(variants).where(eq(variants.productId, saved.id))).toEqual(
      [],
    );
    const [item] = await world.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({ variantId: null, productId: null, productName: 'Borrable' });
    expect(await world.db.select().from(orders).where(eq(orders.id, order!.id))).toHaveLength(1);
    expect(await folderKeys()).toEqual([]);

    await expect(adminProducts().delete({ id: saved.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('authorisation', () => {
  it('answers FORBIDDEN to a customer and UNAUTHORIZED to a visitor, changing nothing', async () => {
    const [victim] = await world.db.select().from(products).limit(1);
    const asCustomer = callerFor(world.deps, customer).admin.products;
    await expect(asCustomer.list({ page: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCustomer.get({ slug: victim!.slug })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(asCustomer.delete({ id: victim!.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      callerFor(world.deps, null).admin.products.delete({ id: victim!.id }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const [still] = await world.db.select().from(products).where(eq(products.id, victim!.id));
    expect(still).toEqual(victim);
  });
});
