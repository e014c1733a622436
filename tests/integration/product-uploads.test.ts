import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands, categories, products, variants } from '@server/db/schema';
import { messages } from '@shared/messages';
import type { ProductFormValues } from '@shared/schemas/product';
import { sessionCookie } from '../support/http';
import { type FilePart, pngImage, postMultipart, sampleProduct } from '../support/uploads';
import { storedKeys } from '../support/storage';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });
let customerCookie: string;
let brandId: number;
let categoryId: number;

beforeAll(async () => {
  customerCookie = await sessionCookie(world.deps, 'cliente@empresa.uy', 'customer');
  const [brand] = await world.db.insert(brands).values({ name: 'Lenovo' }).returning();
  const [category] = await world.db.insert(categories).values({ name: 'Notebooks' }).returning();
  brandId = brand!.id;
  categoryId = category!.id;
});

const png = (width?: number, height?: number) => pngImage(width, height);
const validProduct = (overrides: Partial<ProductFormValues> = {}) =>
  sampleProduct({ brandId, categoryId }, overrides);

/** Posts the save form like the dashboard does: the JSON field plus the image files. */
const save = (
  product: unknown,
  files: FilePart[],
  options: { id?: number; cookie?: string } = {},
) =>
  postMultipart(
    world.app,
    options.id ? `/api/admin/products/${options.id}` : '/api/admin/products',
    {
      fields: { product: JSON.stringify(product) },
      files,
      cookie: options.cookie ?? world.adminCookie,
    },
  );

const storedFiles = () => storedKeys(world.deps);

const productCount = async () => (await world.db.select().from(products)).length;

beforeEach(async () => {
  await world.db.delete(products);
  await world.deps.storage.removeFolder('product-images');
});

describe('saving a product with its images', () => {
  it('creates product, variants and WebP renditions in one request', async () => {
    const result = await save(
      validProduct({ images: [{ upload: 'nueva-b' }, { upload: 'nueva-a' }] }),
      [
        { field: 'nueva-a', name: 'frente.png', data: await png() },
        { field: 'nueva-b', name: 'Lado Izquierdo.png', data: await png(2000, 1000) },
      ],
    );
    expect(result.status).toBe(201);
    const id = result.body.id as number;
    expect(result.body.slug).toBe('thinkpad-x1');
    const [row] = await world.db.select().from(products).where(eq(products.id, id));
    expect(row!.images).toHaveLength(2);
    expect(row!.images[0]).toMatch(
      new RegExp(`^/uploads/product-images/${id}/${id}-Lado-Izquierdo-[0-9a-f]{8}-1200\\.webp$`),
    );
    expect(row!.images[1]).toMatch(new RegExp(`/${id}-frente-[0-9a-f]{8}-1200\\.webp$`));
    expect(row!.minPrice).toBe('1299.50');
    const files = await storedFiles();
    expect(files.filter((file) => file.endsWith('-400.webp'))).toHaveLength(2);
    // Served at its URL from whichever storage holds it.
    const served = await world.app.inject({ url: row!.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    const large = await sharp(served.rawPayload).metadata();
    expect(large).toMatchObject({ format: 'webp', width: 1200 });

    const stored = await world.db.select().from(variants).where(eq(variants.productId, id));
    expect(stored.map((v) => [v.price, v.stock, v.colorName])).toEqual([
      ['1299.50', 3, 'Negro'],
      ['1499.00', 0, 'Plata'],
    ]);
  });

  it('answers 404 for a file that is not stored or a key that climbs out', async () => {
    for (const url of ['/uploads/product-images/1/nada-1200.webp', '/uploads/a/..%2F..%2Fb.webp']) {
      const response = await world.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: messages.notFound });
    }
  });

  it('makes the slug unique with -1, -2 ...', async () => {
    const files = async () => [{ field: 'nueva-a', name: 'a.png', data: await png(50, 50) }];
    const slugs: unknown[] = [];
    for (let i = 0; i < 3; i++) slugs.push((await save(validProduct(), await files())).body.slug);
    expect(slugs).toEqual(['thinkpad-x1', 'thinkpad-x1-1', 'thinkpad-x1-2']);
  });

  it('updates fields, keeps, reorders and removes images, and syncs variants', async () => {
    const created = await save(
      validProduct({ images: [{ upload: 'nueva-a' }, { upload: 'nueva-b' }] }),
      [
        { field: 'nueva-a', name: 'uno.png', data: await png() },
        { field: 'nueva-b', name: 'dos.png', data: await png() },
      ],
    );
    const id = created.body.id as number;
    const [before] = await world.db.select().from(products).where(eq(products.id, id));
    const oldVariants = await world.db.select().from(variants).where(eq(variants.productId, id));

    const updated = await save(
      validProduct({
        name: 'ThinkPad X1 Carbon',
        variants: [
          {
            ...validProduct().variants[0]!,
            id: oldVariants[0]!.id,
            stockRead: oldVariants[0]!.stock,
            price: 999.99,
          },
          { stock: 5, price: 50, storage: '256 GB', color: 'hsl(0, 100%, 50%)', colorName: 'Rojo' },
        ],
        images: [{ upload: 'nueva-c' }, { url: before!.images[1]! }],
      }),
      [{ field: 'nueva-c', name: 'tres.png', data: await png() }],
      { id },
    );
    expect(updated).toMatchObject({ status: 200, body: { id, slug: 'thinkpad-x1' } });
    const [after] = await world.db.select().from(products).where(eq(products.id, id));
    expect(after!.name).toBe('ThinkPad X1 Carbon');
    expect(after!.images[1]).toBe(before!.images[1]);
    expect(after!.images[0]).toMatch(/-tres-/);
    const files = await storedFiles();
    // The dropped image's two renditions are gone; the kept and the new one remain.
    expect(files).toHaveLength(4);
    expect(files.some((file) => file.includes('-uno-'))).toBe(false);

    const newVariants = await world.db.select().from(variants).where(eq(variants.productId, id));
    expect(newVariants.map((v) => [v.id === oldVariants[0]!.id, v.price, v.colorName])).toEqual([
      [true, '999.99', 'Negro'],
      [false, '50.00', 'Rojo'],
    ]);
    expect(after!.minPrice).toBe('50.00');
  });

  it('answers every invalid field with its Spanish message and writes nothing', async () => {
    const bad = {
      name: ' ',
      slug: 'No Vale',
      brandId: 0,
      categoryId: 0,
      features: ['ok', '  '],
      description: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: '  ' }] }],
      },
      variants: [{ stock: -1, price: 0, storage: '', color: 'azul', colorName: '' }],
      images: [],
    };
    const result = await save(bad, []);
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({
      name: ['El nombre del producto es obligatorio'],
      slug: ['La dirección web solo puede tener minúsculas, números y guiones'],
      brandId: ['La marca es obligatoria'],
      categoryId: ['La categoría es obligatoria'],
      'features.1': ['La característica no puede estar vacía'],
      description: ['La descripción no puede estar vacía'],
      'variants.0.stock': ['El stock no puede ser negativo'],
      'variants.0.price': ['El precio debe ser mayor a 0'],
      'variants.0.storage': ['El almacenamiento es requerido'],
      'variants.0.color': ['El color debe ser un valor válido en formato hexadecimal, RGB o HSL'],
      'variants.0.colorName': ['El nombre del color es obligatorio'],
      images: ['Debe haber al menos una imagen'],
    });
    const empty = await save({ ...validProduct(), slug: '', variants: [] }, []);
    expect(empty.body.fieldErrors).toMatchObject({
      slug: ['El slug del producto es obligatorio'],
      variants: ['Debe haber al menos una variante'],
    });
    expect(await productCount()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('reads prices typed the Uruguayan way, and refuses an ambiguous one under its field', async () => {
    const variant = validProduct().variants[0]!;
    const typed = ['1.150,50', '1.200', '999,9', '1150.5'].map((price, i) => ({
      ...variant,
      price,
      storage: `${i + 1} TB`,
    }));
    const saved = await save(validProduct({ variants: typed }), [
      { field: 'nueva-a', name: 'a.png', data: await png(50, 50) },
    ]);
    expect(saved.status).toBe(201);
    const stored = await world.db
      .select({ price: variants.price })
      .from(variants)
      .where(eq(variants.productId, saved.body.id as number))
      .orderBy(variants.storage);
    expect(stored.map((v) => v.price)).toEqual(['1150.50', '1200.00', '999.90', '1150.50']);

    const ambiguous = [
      { ...variant, price: '1,200.50' },
      { ...variant, price: '-5', storage: '2 TB' },
      { ...variant, price: 12.345, storage: '3 TB' },
      { ...variant, price: '', storage: '4 TB' },
    ];
    const refused = await save(validProduct({ slug: 'otro', variants: ambiguous }), [
      { field: 'nueva-a', name: 'a.png', data: await png(50, 50) },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'Escribí el importe como 1.150,50',
      fieldErrors: {
        'variants.0.price': ['Escribí el importe como 1.150,50'],
        'variants.1.price': ['El precio debe ser mayor a 0'],
        'variants.2.price': ['Escribí el importe como 1.150,50'],
        'variants.3.price': ['Ingresá el precio'],
      },
    });
    expect(await productCount()).toBe(1);
  });

  it('refuses a text file named .png, a 20 MB image and a ../ file name, writing nothing', async () => {
    const text = await save(validProduct(), [
      { field: 'nueva-a', name: 'foto.png', data: Buffer.from('no soy una imagen'.repeat(50)) },
    ]);
    expect(text).toMatchObject({
      status: 400,
      body: {
        fieldErrors: {
          images: ['El archivo no es una imagen válida (JPEG, PNG, WebP, AVIF o GIF)'],
        },
      },
    });

    const huge = await sharp({
      create: { width: 2700, height: 2700, channels: 3, background: '#808080' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(20 * 1024 * 1024);
    const tooLarge = await save(validProduct(), [
      { field: 'nueva-a', name: 'grande.png', data: huge },
    ]);
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { fieldErrors: { images: ['La imagen supera los 5 MB'] } },
    });

    const climbing = await save(validProduct(), [
      { field: 'nueva-a', name: '../../etc/foto.png', data: await png() },
    ]);
    expect(climbing).toMatchObject({
      status: 400,
      body: { fieldErrors: { images: ['Nombre de archivo inválido'] } },
    });
    expect(await productCount()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses an image reference without its file, and more than 10 images', async () => {
    const missing = await save(validProduct({ images: [{ upload: 'nueva-x' }] }), []);
    expect(missing.body.fieldErrors).toEqual({
      images: ['Falta el archivo de una de las imágenes nuevas'],
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ upload: `nueva-${i}` }));
    const tooMany = await save(validProduct({ images: eleven }), []);
    expect(tooMany.body.fieldErrors).toEqual({ images: ['Máximo 10 imágenes por producto'] });
    expect(await productCount()).toBe(0);
  });

  it('rolls everything back when the database refuses part of the save', async () => {
    const created = await save(validProduct(), [
      { field: 'nueva-a', name: 'a.png', data: await png() },
    ]);
    const id = created.body.id as number;
    const before = await storedFiles();
    const [row] = await world.db.select().from(products).where(eq(products.id, id));
    // A variant id of another product makes the save fail after files could have been written.
    const result = await save(
      validProduct({
        name: 'Cambiado',
        variants: [{ ...validProduct().variants[0]!, id: 999_999, stockRead: 3 }],
        images: [{ url: row!.images[0]! }, { upload: 'nueva-b' }],
      }),
      [{ field: 'nueva-b', name: 'b.png', data: await png() }],
      { id },
    );
    expect(result).toMatchObject({ status: 400, body: { error: 'Variante no encontrada' } });
    const [after] = await world.db.select().from(products).where(eq(products.id, id));
    expect(after).toEqual(row);
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 403 to a customer and 401 to a visitor, changing nothing', async () => {
    const files = [{ field: 'nueva-a', name: 'a.png', data: await png() }];
    expect((await save(validProduct(), files, { cookie: customerCookie })).status).toBe(403);
    expect((await save(validProduct(), files, { cookie: 'session=nada' })).status).toBe(401);
    const created = await save(validProduct(), files);
    const id = created.body.id as number;
    const before = await storedFiles();
    const update = await save(validProduct({ name: 'Hackeado' }), files, {
      id,
      cookie: customerCookie,
    });
    expect(update).toMatchObject({
      status: 403,
      body: { error: 'No tenés permiso para realizar esta acción' },
    });
    const [row] = await world.db.select().from(products).where(eq(products.id, id));
    expect(row!.name).toBe('ThinkPad X1');
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 404 for a product that does not exist', async () => {
    const result = await save(
      validProduct(),
      [{ field: 'nueva-a', name: 'a.png', data: await png() }],
      {
        id: 424_242,
      },
    );
    expect(result).toMatchObject({ status: 404, body: { error: 'Producto no encontrado' } });
    expect(await storedFiles()).toEqual([]);
  });
});
