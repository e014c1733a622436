// The product form never overwrites stock it did not see: a reservation made while the admin
// edits makes the save fail with 409, and nothing of that save is kept.
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { products } from '@server/db/schema';
import { productToFormValues } from '@client/features/dashboard-products/product-form-values';
import { callerFor, createTestUser } from '../support/context';
import { requestQuote, stockOf } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { postMultipart } from '../support/uploads';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });
let customer: SessionUser;

beforeAll(async () => {
  customer = await createTestUser(world.deps);
});

/** What the edit page sends back untouched: the admin product through the form's own mapping. */
async function loadForm(slug: string) {
  const admin = await createTestUser(world.deps, { role: 'admin' });
  const product = await callerFor(world.deps, admin).admin.products.get({ slug });
  // The fixtures' empty description is not a valid one: give it a paragraph.
  return { ...productToFormValues(product), description: DESCRIPTION };
}

const DESCRIPTION = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Descripción' }] }],
};

/** The dashboard's multipart save, optionally with one new image file. */
const save = (productId: number, values: unknown, image?: Buffer) =>
  postMultipart(world.app, `/api/admin/products/${productId}`, {
    fields: { product: JSON.stringify(values) },
    files: image ? [{ field: 'nueva-x', name: 'nueva.png', data: image }] : [],
    cookie: world.adminCookie,
  });

async function newProduct(stock: number) {
  const [variant] = await createTestProduct(world.db, [{ stock, price: '250.00' }]);
  const [row] = await world.db.select().from(products).where(eq(products.id, variant!.productId));
  return { variant: variant!, product: row! };
}

const reserve = (variantId: number, quantity: number) =>
  requestQuote(world.deps, customer, [{ variantId, quantity }]);

describe('stock edited in the product form', () => {
  it('refuses a form loaded before a reservation: 409, stock and product untouched', async () => {
    const { variant, product } = await newProduct(34);
    const form = await loadForm(product.slug);
    await reserve(variant.id, 10);
    expect(await stockOf(world.db, variant.id)).toBe(24);
    // The reservation itself rebuilt the product's stored card (its variants' stock).
    const [reserved] = await world.db.select().from(products).where(eq(products.id, product.id));

    const image = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const result = await save(
      product.id,
      { ...form, name: 'Nombre nuevo', images: [...form.images, { upload: 'nueva-x' }] },
      image,
    );
    const message = `El stock cambió mientras editabas: ${product.name}. Recargá para ver el valor actual.`;
    expect(result).toEqual({
      status: 409,
      body: { error: message, fieldErrors: { variants: [message] } },
    });
    expect(await stockOf(world.db, variant.id)).toBe(24);
    const [after] = await world.db.select().from(products).where(eq(products.id, product.id));
    expect(after).toEqual(reserved);
    expect(after?.name).toBe(product.name);
    // The new image was never kept: no folder or file for this product.
    const files = await readdir(world.deps.config.UPLOADS_DIR, { recursive: true }).catch(() => []);
    expect(files.filter((file) => String(file).includes(`${product.id}-nueva`))).toEqual([]);
  });

  it('saves a stock edited from the current value, and other fields with it', async () => {
    const { variant, product } = await newProduct(34);
    await reserve(variant.id, 10);
    const form = await loadForm(product.slug);
    const result = await save(product.id, {
      ...form,
      name: 'Renombrado',
      variants: [{ ...form.variants[0]!, stock: 40 }],
    });
    expect(result.status).toBe(200);
    expect(await stockOf(world.db, variant.id)).toBe(40);

    // A reservation after that save and an unchanged resubmission: refused again.
    await reserve(variant.id, 5);
    const stale = await save(product.id, {
      ...form,
      variants: [{ ...form.variants[0]!, stockRead: 40, stock: 40 }],
    });
    expect(stale.status).toBe(409);
    expect(await stockOf(world.db, variant.id)).toBe(35);
  });

  it('asks for the stock read with every existing variant', async () => {
    const { product } = await newProduct(3);
    const form = await loadForm(product.slug);
    const { stockRead: _dropped, ...withoutRead } = form.variants[0]!;
    const result = await save(product.id, { ...form, variants: [withoutRead] });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({
      'variants.0.stock': ['Recargá la página para ver el stock actual antes de guardar'],
    });
  });
});
