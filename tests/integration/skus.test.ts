// SKUs and MPNs (docs/decisions/064-skus.md): the migration numbers every existing variant,
// the product form saves codes and volume prices, the catalogue CSV carries the codes both
// ways, and an exact code typed in the search finds its product first.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createPglite,
  type Database,
  migrationsFolder,
  openDatabase,
  schema,
} from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { auditLog, brands, categories, products, variants } from '@server/db/schema';
import { importMessages, messages } from '@shared/messages';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_PREVIEW_URL,
} from '@shared/schemas/catalog-import';
import { callerFor } from '../support/context';
import { createPostgresDatabase } from '../support/db';
import { SAME_ORIGIN } from '../support/http';
import { skuOf } from '../support/pricing';
import { useTestApp } from '../support/test-app';
import { migrationsBefore } from '../support/migrations';
import { pngImage, postMultipart, sampleProduct } from '../support/uploads';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });

/** Brand 1, category 1 and product 1, written as rows (the schema of any migration has them). */
async function insertOneProduct(db: Database) {
  await db.execute(sql`insert into brands (name) values ('B')`);
  await db.execute(sql`insert into categories (name) values ('C')`);
  await db.execute(sql`insert into products (name, slug, description, brand_id, category_id)
    values ('P', 'p', '{"type":"doc"}', 1, 1)`);
}

/** An empty database of the suite's kind (PGlite, or PostgreSQL with DATABASE_URL). */
async function emptyDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await createPostgresDatabase(serverUrl);
    const handle = await openDatabase({ databaseUrl: created.url, dataDir: '', poolSize: 2 });
    return {
      db: handle.db,
      migrate: (folder: string) =>
        migratePostgres(handle.db as never, { migrationsFolder: folder }),
      close: async () => {
        await handle.close();
        await created.drop();
      },
    };
  }
  const client = await createPglite();
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    migrate: (folder: string) => migratePglite(db as never, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}
let brandId: number;
let categoryId: number;

beforeAll(async () => {
  const [brand] = await world.db.insert(brands).values({ name: 'Marca SKU' }).returning();
  const [category] = await world.db
    .insert(categories)
    .values({ name: 'Categoría SKU' })
    .returning();
  brandId = brand!.id;
  categoryId = category!.id;
});

type Row = Record<string, string>;

const save = async (product: unknown, id?: number) =>
  postMultipart(world.app, id ? `/api/admin/products/${id}` : '/api/admin/products', {
    fields: { product: JSON.stringify(product) },
    files: id ? [] : [{ field: 'nueva-a', name: 'a.png', data: await pngImage() }],
    cookie: world.adminCookie,
  });

describe('the migration', () => {
  it('gives every variant that existed before it a SKU of its own', async () => {
    // The migrations up to the one before SKUs, rows written, then the rest: as on a live store.
    const folder = migrationsBefore('_prices_skus_lists');

    const empty = await emptyDatabase();
    try {
      await empty.migrate(folder);
      await insertOneProduct(empty.db);
      await empty.db
        .execute(sql`insert into variants (product_id, price, stock, storage, color, color_name)
        select 1, 10, 1, g::text, '#000', 'Negro' from generate_series(1, 3) g`);
      await empty.migrate(migrationsFolder);
      const rows = await queryRows<{ sku: string }>(
        empty.db,
        sql`select sku from variants order by id`,
      );
      expect(rows.map((row) => row.sku)).toEqual(['TD-000001', 'TD-000002', 'TD-000003']);
      // A variant written afterwards without one is numbered next.
      await empty.db
        .execute(sql`insert into variants (product_id, price, stock, storage, color, color_name)
        values (1, 10, 1, 'x', '#000', 'Negro')`);
      const [last] = await queryRows<{ sku: string }>(
        empty.db,
        sql`select sku from variants order by id desc limit 1`,
      );
      expect(last!.sku).toBe('TD-000004');
    } finally {
      await empty.close();
    }
  });

  it('numbers past TD-999999 with every digit, so the millionth variant is not a repeat', async () => {
    const empty = await emptyDatabase();
    try {
      await empty.migrate(migrationsFolder);
      await insertOneProduct(empty.db);
      await empty.db.execute(sql`select setval('variant_sku_seq', 999998)`);
      await empty.db
        .execute(sql`insert into variants (product_id, price, stock, storage, color, color_name)
        select 1, 10, 1, g::text, '#000', 'Negro' from generate_series(1, 3) g`);
      const rows = await queryRows<{ sku: string }>(
        empty.db,
        sql`select sku from variants order by id`,
      );
      expect(rows.map((row) => row.sku)).toEqual(['TD-999999', 'TD-1000000', 'TD-1000001']);
    } finally {
      await empty.close();
    }
  });
});

describe('the product form', () => {
  it('saves SKUs, MPNs and volume prices; a blank SKU keeps the stored one', async () => {
    const created = await save(
      sampleProduct(
        { brandId, categoryId },
        {
          slug: 'router-sku',
          variants: [
            {
              stock: 3,
              price: 200,
              storage: '1 puerto',
              color: '#000000',
              colorName: 'Negro',
              sku: 'RT-100',
              mpn: 'MPN-RT-100',
              tiers: [
                { minQuantity: 10, percentOff: 5 },
                { minQuantity: 50, percentOff: 12.5 },
              ],
            },
            { stock: 1, price: 250, storage: '2 puertos', color: '#000000', colorName: 'Negro' },
          ],
        },
      ),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const page = await callerFor(world.deps).catalog.get({ slug: 'router-sku' });
    const [first, second] = page!.variants;
    expect(first).toMatchObject({
      sku: 'RT-100',
      mpn: 'MPN-RT-100',
      tiers: [
        { minQuantity: 10, percentOff: '5.00', unitPrice: '190.00' },
        { minQuantity: 50, percentOff: '12.50', unitPrice: '175.00' },
      ],
    });
    expect(second!.sku).toMatch(/^TD-\d{6}$/);

    const form = await world.db
      .select()
      .from(variants)
      .where(eq(variants.productId, id))
      .orderBy(variants.id);
    const resaved = await save(
      sampleProduct(
        { brandId, categoryId },
        {
          slug: 'router-sku',
          images: page!.images.map((url) => ({ url })),
          variants: form.map((variant, index) => ({
            id: variant.id,
            stockRead: variant.stock,
            stock: variant.stock,
            price: Number(variant.price),
            storage: variant.storage,
            color: variant.color,
            colorName: variant.colorName,
            // The first keeps its code (blank), the second gets one typed.
            sku: index === 0 ? '' : 'rt-200',
            tiers: index === 0 ? [{ minQuantity: 20, percentOff: 8 }] : [],
          })),
        },
      ),
      id,
    );
    expect(resaved.status).toBe(200);
    expect(await skuOf(world.db, form[0]!.id)).toBe('RT-100');
    expect(await skuOf(world.db, form[1]!.id)).toBe('rt-200');
    const again = await callerFor(world.deps).catalog.get({ slug: 'router-sku' });
    expect(again!.variants[0]!.tiers).toEqual([
      { minQuantity: 20, percentOff: '8.00', unitPrice: '184.00' },
    ]);
    const [entry] = await world.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    // The tier is its own line of the entry, named by its variant (decision 093).
    expect(entry!.changes).toMatchObject({
      [`tier:20:${form[0]!.storage} / ${form[0]!.colorName}`]: { before: null, after: '8.00' },
    });
  });

  it('refuses a SKU another product uses, whatever its case, and one repeated in the form', async () => {
    const taken = await save(
      sampleProduct(
        { brandId, categoryId },
        {
          slug: 'otro-router',
          variants: [
            {
              stock: 1,
              price: 10,
              storage: 'A',
              color: '#000000',
              colorName: 'Negro',
              sku: 'Rt-100',
            },
          ],
        },
      ),
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ fieldErrors: { 'variants.0.sku': [messages.skuTaken] } });
    const repeated = await save(
      sampleProduct(
        { brandId, categoryId },
        {
          slug: 'otro-router',
          variants: [
            { stock: 1, price: 10, storage: 'A', color: '#000000', colorName: 'Negro', sku: 'X-1' },
            { stock: 1, price: 10, storage: 'B', color: '#000000', colorName: 'Negro', sku: 'x-1' },
          ],
        },
      ),
    );
    expect(repeated.status).toBe(400);
    expect(repeated.body).toMatchObject({
      fieldErrors: { 'variants.1.sku': ['Otra variante de este producto ya usa este SKU'] },
    });
    expect(await world.db.$count(products, eq(products.slug, 'otro-router'))).toBe(0);
  });
});

describe('the catalogue CSV', () => {
  const exportRows = async () => {
    const answer = await world.app.inject({
      url: '/api/admin/catalog.csv',
      headers: { cookie: world.adminCookie, ...SAME_ORIGIN },
    });
    return parse<Row>(answer.body, {
      bom: true,
      delimiter: ';',
      columns: true,
      record_delimiter: '\r\n',
    });
  };
  const csvOf = (rows: Row[]) =>
    stringify(rows, { header: true, columns: Object.keys(rows[0]!), delimiter: ';', bom: true });
  const file = (text: string) => ({
    field: 'archivo',
    name: 'c.csv',
    data: Buffer.from(text),
    type: 'text/csv',
  });
  const preview = async (text: string) =>
    (
      await postMultipart(world.app, CATALOG_IMPORT_PREVIEW_URL, {
        fields: { crearTaxonomias: 'false' },
        files: [file(text)],
        cookie: world.adminCookie,
      })
    ).body as { invalid: { line: number; reason: string }[]; stockRead: unknown; counts: object };
  const apply = async (text: string, stockRead: unknown) =>
    postMultipart(world.app, CATALOG_IMPORT_APPLY_URL, {
      fields: { crearTaxonomias: 'false', stockLeido: JSON.stringify(stockRead) },
      files: [file(text)],
      cookie: world.adminCookie,
    });

  it('exports each variant’s SKU and MPN, and imports changes to them', async () => {
    const [variant] = await createTestProduct(
      world.db,
      [{ stock: 2, price: '30.00' }],
      'Switch CSV',
    );
    const sku = await skuOf(world.db, variant!.id);
    const rows = (await exportRows()).filter((row) => row.sku === sku);
    expect(rows).toEqual([expect.objectContaining({ nombre: 'Switch CSV', mpn: '' })]);

    const changed = csvOf([{ ...rows[0]!, sku: 'SW-CSV-1', mpn: 'FAB-99' }]);
    const seen = await preview(changed);
    expect(seen.invalid).toEqual([]);
    expect((await apply(changed, seen.stockRead)).status).toBe(200);
    const [stored] = await world.db.select().from(variants).where(eq(variants.id, variant!.id));
    expect(stored).toMatchObject({ sku: 'SW-CSV-1', mpn: 'FAB-99' });

    // A file written before SKUs (no sku, no mpn columns) imports and keeps both.
    const { sku: _sku, mpn: _mpn, ...older }: Row = { ...rows[0]!, precio: '31.00' };
    const old = csvOf([older]);
    const oldSeen = await preview(old);
    expect(oldSeen.invalid).toEqual([]);
    expect((await apply(old, oldSeen.stockRead)).status).toBe(200);
    const [kept] = await world.db.select().from(variants).where(eq(variants.id, variant!.id));
    expect(kept).toMatchObject({ sku: 'SW-CSV-1', mpn: 'FAB-99', price: '31.00' });
  });

  it('refuses a row whose SKU is another variant’s or repeated in the file', async () => {
    const [a] = await createTestProduct(world.db, [{ stock: 1, price: '5.00' }], 'Cable A');
    const [b] = await createTestProduct(world.db, [{ stock: 1, price: '5.00' }], 'Cable B');
    const skuA = await skuOf(world.db, a!.id);
    const skuB = await skuOf(world.db, b!.id);
    const all = await exportRows();
    const rowA = all.find((row) => row.sku === skuA)!;
    const rowB = all.find((row) => row.sku === skuB)!;
    const seen = await preview(
      csvOf([
        { ...rowA, sku: skuB.toLowerCase() },
        { ...rowB, almacenamiento: 'Otro', sku: 'NUEVO-1' },
        { ...rowB, almacenamiento: 'Otro más', sku: 'nuevo-1' },
      ]),
    );
    expect(seen.invalid).toEqual([
      { line: 2, reason: importMessages.skuTaken },
      { line: 4, reason: importMessages.repeatedSku(3) },
    ]);
  });
});

describe('the search', () => {
  it('finds the product of an exact SKU or MPN first, whatever the case', async () => {
    // A product whose name matches the term better, and one whose variant has it as a code.
    await createTestProduct(world.db, [{ stock: 1, price: '1.00' }], 'Lector ABX-77 compatible');
    const [coded] = await createTestProduct(
      world.db,
      [
        { stock: 1, price: '2.00', storage: 'uno' },
        { stock: 1, price: '3.00', storage: 'dos' },
      ],
      'Escáner de oficina',
    );
    const codedSecond = (
      await world.db
        .select()
        .from(variants)
        .where(eq(variants.productId, coded!.productId))
        .orderBy(variants.id)
    )[1]!;
    await world.db.update(variants).set({ sku: 'ABX-77' }).where(eq(variants.id, codedSecond.id));
    await world.db.update(variants).set({ mpn: 'FAB-ESC-1' }).where(eq(variants.id, coded!.id));
    const caller = callerFor(world.deps);

    const shop = await caller.catalog.list({ search: 'abx-77' });
    expect(shop.items[0]!.name).toBe('Escáner de oficina');
    expect(shop.items.map((item) => item.name)).toContain('Lector ABX-77 compatible');
    const sheet = await caller.catalog.search({ term: 'ABX-77' });
    // The product first, and within it the variant that carries the code.
    expect(sheet.items[0]).toMatchObject({ variantId: codedSecond.id, name: 'Escáner de oficina' });
    const byMpn = await caller.catalog.list({ search: 'fab-esc-1' });
    expect(byMpn.items.map((item) => item.name)).toEqual(['Escáner de oficina']);
  });
});
