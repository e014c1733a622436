// 'Importar CSV' of the catalogue: a preview that writes nothing, then one transaction that
// applies every row or none, refusing stock that moved since the preview.
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, OPTIONAL_CSV_COLUMNS } from '@server/services/catalog/csv/export';
import type { SessionUser } from '@server/auth/session';
import { openDatabase } from '@server/db/client';
import { auditLog, brands, categories, products, variants } from '@server/db/schema';
import {
  applyCatalogImport,
  previewCatalogImport,
} from '@server/services/catalog/csv/import-apply';
import { importMessages, messages } from '@shared/messages';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_PREVIEW_URL,
  type ImportPreview,
} from '@shared/schemas/catalog-import';
import { createTestUser } from '../support/context';
import { whileInsertsFail } from '../support/failing-inserts';
import { SAME_ORIGIN } from '../support/http';
import { useTestApp } from '../support/test-app';
import { postMultipart } from '../support/uploads';
import { requestQuote } from '../support/quotes';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });
let customer: SessionUser;

beforeAll(async () => {
  customer = await createTestUser(world.deps);
});

type Row = Record<string, string>;

async function exportCsv() {
  const response = await world.app.inject({
    url: '/api/admin/catalog.csv',
    headers: { cookie: world.adminCookie, ...SAME_ORIGIN },
  });
  return response.body;
}

const rowsOf = (text: string) =>
  parse<Row>(text, { bom: true, delimiter: ';', columns: true, record_delimiter: '\r\n' });

/** A file of these rows, as the export writes it unless told otherwise. */
const csvOf = (rows: Row[], options: { delimiter?: string; bom?: boolean } = {}) =>
  stringify(rows, {
    header: true,
    columns: Object.keys(rows[0]!),
    delimiter: options.delimiter ?? ';',
    bom: options.bom ?? true,
    record_delimiter: 'windows',
  });

/** The exported rows of one product. */
const productRows = async (slug: string) =>
  rowsOf(await exportCsv()).filter((r) => r.slug === slug);

const file = (text: string | Buffer) => ({
  field: 'archivo',
  name: 'catalogo.csv',
  data: Buffer.isBuffer(text) ? text : Buffer.from(text),
  type: 'text/csv',
});

async function preview(text: string | Buffer, createTaxonomies = false) {
  const answer = await postMultipart(world.app, CATALOG_IMPORT_PREVIEW_URL, {
    fields: { crearTaxonomias: String(createTaxonomies) },
    files: [file(text)],
    cookie: world.adminCookie,
  });
  return {
    status: answer.status,
    body: answer.body as unknown as ImportPreview & { error?: string },
  };
}

async function apply(text: string, stockRead: unknown, createTaxonomies = false) {
  return postMultipart(world.app, CATALOG_IMPORT_APPLY_URL, {
    fields: { crearTaxonomias: String(createTaxonomies), stockLeido: JSON.stringify(stockRead) },
    files: [file(text)],
    cookie: world.adminCookie,
  });
}

const importEntries = () => world.db.$count(auditLog, eq(auditLog.entityType, 'import'));

async function newProduct(stock = 10, price = '1299.50') {
  const [variant] = await createTestProduct(world.db, [
    { stock, price, storage: '256 GB', colorName: 'Gris' },
    { stock: 4, price: '999.00', storage: '128 GB', colorName: 'Plata' },
  ]);
  const [product] = await world.db
    .select()
    .from(products)
    .where(eq(products.id, variant!.productId));
  return { variant: variant!, product: product! };
}

const variantRow = async (id: number) =>
  (await world.db.select().from(variants).where(eq(variants.id, id)))[0]!;

describe('catalogue CSV import', () => {
  it('imports its own export without changing anything', async () => {
    await newProduct();
    await newProduct(0);
    const exported = await exportCsv();
    const before = await importEntries();

    const { status, body } = await preview(exported);
    expect(status).toBe(200);
    const rows = rowsOf(exported).length;
    expect(body.counts).toEqual({ create: 0, update: 0, unchanged: rows, invalid: 0 });
    expect(body.stockRead).toHaveLength(rows);

    const applied = await apply(exported, body.stockRead);
    expect(applied).toEqual({
      status: 200,
      body: { created: 0, updated: 0, unchanged: rows },
    });
    expect(await exportCsv()).toBe(exported);
    expect(await importEntries()).toBe(before + 1);
  });

  it('reads a cell the export wrote as text back as the formula-like text it was', async () => {
    const [variant] = await createTestProduct(
      world.db,
      [{ stock: 2, price: '10.00', colorName: '-Negro' }],
      '=1+2',
    );
    const productId = variant!.productId;
    await world.db
      .update(products)
      .set({ features: ['+4 GB RAM', 'Wi-Fi'] })
      .where(eq(products.id, productId));
    const [product] = await world.db.select().from(products).where(eq(products.id, productId));
    const rows = await productRows(product!.slug);
    // What Excel shows and saves back: the export's ' before each formula-like cell.
    expect(rows).toEqual([
      expect.objectContaining({
        nombre: "'=1+2",
        color: "'-Negro",
        caracteristicas: "'+4 GB RAM|Wi-Fi",
      }),
    ]);

    const text = csvOf(rows);
    const { status, body } = await preview(text);
    expect(status).toBe(200);
    expect(body.counts).toEqual({ create: 0, update: 0, unchanged: 1, invalid: 0 });
    const applied = await apply(text, body.stockRead);
    expect(applied.body).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const [after] = await world.db.select().from(products).where(eq(products.id, productId));
    expect(after).toMatchObject({ name: '=1+2', features: ['+4 GB RAM', 'Wi-Fi'] });
  });

  it('previews a price change before → after, writes it only on apply, with one audit entry', async () => {
    const { variant, product } = await newProduct();
    const rows = await productRows(product.slug);
    rows[0]!.precio = '1350,00'; // Excel in Spanish writes a decimal comma
    const text = csvOf(rows);

    const { body } = await preview(text);
    expect(body.counts).toEqual({ create: 0, update: 1, unchanged: 1, invalid: 0 });
    expect(body.update[0]).toMatchObject({
      line: 2,
      slug: product.slug,
      variant: '256 GB / Gris',
      changes: [{ field: 'price', before: '1299.50', after: '1350.00' }],
    });
    expect((await variantRow(variant.id)).price).toBe('1299.50');

    const before = await importEntries();
    const applied = await apply(text, body.stockRead);
    expect(applied.body).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect((await variantRow(variant.id)).price).toBe('1350.00');
    const [entry] = await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'import'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(await importEntries()).toBe(before + 1);
    expect(entry).toMatchObject({
      action: 'import',
      label: 'Catálogo (catalogo.csv)',
      changes: {
        created: { before: null, after: 0 },
        updated: { before: null, after: 1 },
        unchanged: { before: null, after: 1 },
      },
    });
  });

  it('names every invalid row with its line and reason, and then applies nothing', async () => {
    const { variant, product } = await newProduct();
    const [good] = await productRows(product.slug);
    const line = (changes: Row) => ({ ...good!, ...changes });
    const rows = [
      line({ precio: '1400.00' }),
      line({ almacenamiento: '1 TB', precio: 'abc' }),
      line({ almacenamiento: '2 TB', stock: '-3' }),
      line({ almacenamiento: '4 TB', color_hex: 'azul' }),
      line({ precio: '1500.00' }),
      line({ almacenamiento: '8 TB', stock: '2.5' }),
    ];
    const text = csvOf(rows);
    const { body } = await preview(text);
    expect(body.invalid).toEqual([
      { line: 3, reason: 'precio: Escribí el importe como 1.150,50' },
      { line: 4, reason: 'stock: El stock no puede ser negativo' },
      {
        line: 5,
        reason: 'color_hex: El color debe ser un valor válido en formato hexadecimal, RGB o HSL',
      },
      { line: 6, reason: importMessages.repeatedRow(2) },
      { line: 7, reason: 'stock: El stock debe ser un número entero' },
    ]);
    expect(body.counts.update).toBe(1);

    const before = await importEntries();
    const applied = await apply(text, body.stockRead);
    expect(applied).toEqual({
      status: 400,
      body: {
        error: importMessages.invalidRows(5),
        fieldErrors: { archivo: [importMessages.invalidRows(5)] },
      },
    });
    expect((await variantRow(variant.id)).price).toBe('1299.50');
    expect(await importEntries()).toBe(before);
  });

  it('checks names, lengths, columns and taxonomies with the product form rules', async () => {
    const { product } = await newProduct();
    const [exported] = await productRows(product.slug);
    // A blank SKU: a copied row would give the new variants the exported one's, which is taken.
    const good = { ...exported!, sku: '' };
    const rows: Row[] = [
      { ...good, nombre: '' },
      { ...good, almacenamiento: 'x'.repeat(61) },
      { ...good, slug: 'otro-nuevo', marca: 'Marca que no existe', imagenes: '' },
      { ...good, slug: 'con-imagen-ajena', almacenamiento: '1 TB' },
      { ...good, almacenamiento: '2 TB', imagenes: '/uploads/products/otro/a-1200.webp' },
      { ...good, almacenamiento: '3 TB', nombre: 'Otro nombre' },
    ];
    const lines = csvOf(rows).split('\r\n');
    lines.splice(3, 0, 'solo;tres;celdas');
    const { body } = await preview(lines.join('\r\n'));
    expect(body.invalid).toEqual([
      { line: 2, reason: 'nombre: El nombre del producto es obligatorio' },
      { line: 3, reason: 'almacenamiento: El almacenamiento no debe exceder los 60 caracteres' },
      { line: 4, reason: importMessages.columnCount(3, CATALOG_CSV_COLUMNS.length) },
      { line: 5, reason: importMessages.unknownBrand('Marca que no existe') },
      { line: 6, reason: messages.importNewProductImages },
      { line: 7, reason: messages.importImagesChanged },
      { line: 8, reason: importMessages.productMismatch(7) },
    ]);
  });

  it('refuses rows it cannot match to one variant, and products past 50 variants', async () => {
    const [twin] = await createTestProduct(world.db, [
      { stock: 1, price: '10.00', storage: '64 GB', colorName: 'Negro' },
      { stock: 2, price: '11.00', storage: '64 GB', colorName: 'Negro' },
    ]);
    const [product] = await world.db
      .select()
      .from(products)
      .where(eq(products.id, twin!.productId));
    const [row] = await productRows(product!.slug);
    const many = Array.from({ length: 50 }, (_, index) => ({
      ...row!,
      almacenamiento: `${index + 1} TB`,
      sku: '',
    }));
    const { body } = await preview(csvOf([row!, ...many]));
    expect(body.invalid).toEqual([
      { line: 2, reason: messages.importAmbiguousVariant },
      { line: 51, reason: messages.importTooManyVariants },
      { line: 52, reason: messages.importTooManyVariants },
    ]);
    expect(body.counts.create).toBe(48);
  });

  it('creates brands and categories only when the box is ticked', async () => {
    const { product } = await newProduct();
    const [good] = await productRows(product.slug);
    const rows = [
      {
        ...good!,
        slug: 'importado-nuevo',
        nombre: 'Importado nuevo',
        marca: 'Marca Importada',
        categoria: 'Categoría Importada',
        imagenes: '',
        sku: '',
      },
    ];
    const text = csvOf(rows);
    const refused = await preview(text);
    expect(refused.body.invalid).toEqual([
      {
        line: 2,
        reason: `${importMessages.unknownBrand('Marca Importada')} · ${importMessages.unknownCategory('Categoría Importada')}`,
      },
    ]);
    const before = await importEntries();
    expect((await apply(text, [])).status).toBe(400);
    expect(await world.db.$count(brands, eq(brands.name, 'Marca Importada'))).toBe(0);
    expect(await importEntries()).toBe(before);

    const { body } = await preview(text, true);
    expect(body.counts).toEqual({ create: 1, update: 0, unchanged: 0, invalid: 0 });
    expect(body.newBrands).toEqual(['Marca Importada']);
    expect(body.newCategories).toEqual(['Categoría Importada']);
    expect(await world.db.$count(brands, eq(brands.name, 'Marca Importada'))).toBe(0);

    const applied = await apply(text, body.stockRead, true);
    expect(applied.body).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(await world.db.$count(brands, eq(brands.name, 'Marca Importada'))).toBe(1);
    const created = await productRows('importado-nuevo');
    expect(created).toEqual([
      { ...rows[0], nombre: 'Importado nuevo', sku: expect.stringMatching(/^TD-\d{6}$/) as string },
    ]);
    expect(await importEntries()).toBe(before + 1);
  });

  it('refuses the apply when a quote reserved stock after the preview, and keeps the reservation', async () => {
    const { variant, product } = await newProduct(10);
    const rows = await productRows(product.slug);
    rows[1]!.precio = '1099.00';
    const text = csvOf(rows);
    const { body } = await preview(text);
    expect(body.counts.update).toBe(1);

    await requestQuote(world.deps, customer, [{ variantId: variant.id, quantity: 3 }]);
    const before = await importEntries();
    const applied = await apply(text, body.stockRead);
    expect(applied).toMatchObject({
      status: 409,
      body: { error: importMessages.stockChanged([product.name]) },
    });
    expect((await variantRow(variant.id)).stock).toBe(7);
    expect((await productRows(product.slug))[1]!.precio).toBe('999.00');
    expect(await importEntries()).toBe(before);

    // A stock read for other variants than the file's means the catalogue moved.
    const moved = await apply(text, [...body.stockRead, [variant.id + 1000, 1]]);
    expect(moved).toMatchObject({ status: 409, body: { error: importMessages.catalogChanged } });
    const missing = await apply(text, 'no');
    expect(missing).toMatchObject({
      status: 400,
      body: { error: messages.importStockReadInvalid },
    });
  });

  it.each(['variants', 'audit_log'])(
    'writes nothing when an insert into %s fails part-way through the apply',
    async (table) => {
      const { variant, product } = await newProduct(10);
      const rows = await productRows(product.slug);
      const slug = `importado-a-medias-${table.replace('_', '-')}`;
      const brand = `Marca a medias ${table}`;
      rows[0]!.precio = '1350,00';
      rows[1]!.stock = '7';
      const text = csvOf([
        ...rows,
        // New variants: without a SKU of their own, the database numbers them.
        { ...rows[0]!, almacenamiento: '1 TB', sku: '' },
        {
          ...rows[0]!,
          slug,
          nombre: `Importado a medias ${table}`,
          marca: brand,
          imagenes: '',
          sku: '',
        },
      ]);
      const { body } = await preview(text, true);
      expect(body.counts).toEqual({ create: 2, update: 2, unchanged: 0, invalid: 0 });
      const variantsBefore = await world.db.$count(variants, eq(variants.productId, product.id));
      const before = await importEntries();

      // Brands, products and the first variants are written before the failing insert.
      await whileInsertsFail(world.db, table, async () => {
        expect((await apply(text, body.stockRead, true)).status).toBe(500);
      });

      expect(await world.db.$count(products, eq(products.slug, slug))).toBe(0);
      expect(await world.db.$count(brands, eq(brands.name, brand))).toBe(0);
      expect(await world.db.$count(variants, eq(variants.productId, product.id))).toBe(
        variantsBefore,
      );
      expect(await variantRow(variant.id)).toMatchObject({ price: '1299.50', stock: 10 });
      expect((await variantRow(variant.id + 1)).stock).toBe(4);
      expect(await importEntries()).toBe(before);

      // The same file applies once the table takes inserts again: it was the failure alone.
      expect((await apply(text, body.stockRead, true)).body).toEqual({
        created: 2,
        updated: 2,
        unchanged: 0,
      });
      expect(await world.db.$count(products, eq(products.slug, slug))).toBe(1);
    },
  );

  it("reads ',' as separator and files without a BOM", async () => {
    const { product } = await newProduct();
    const rows = await productRows(product.slug);
    const { status, body } = await preview(csvOf(rows, { delimiter: ',', bom: false }));
    expect(status).toBe(200);
    expect(body.counts).toEqual({ create: 0, update: 0, unchanged: 2, invalid: 0 });
  });

  it('refuses unreadable files as a whole, in Spanish', async () => {
    const refusal = async (data: string | Buffer) => (await preview(data)).body.error;
    expect(await refusal('slug;nombre\r\nx;y\r\n')).toBe(
      importMessages.missingColumns(
        CATALOG_CSV_COLUMNS.slice(2).filter((column) => !OPTIONAL_CSV_COLUMNS.includes(column)),
      ),
    );
    expect(await refusal(Buffer.from([0x73, 0x6c, 0xe9, 0x0a]))).toBe(messages.importNotCsv);
    expect(await refusal('slug;nombre\r\n"x;y\r\n')).toBe(importMessages.parseError(2));
    const header = (await exportCsv()).split('\r\n')[0]!;
    expect(await refusal(`${header}\r\n`)).toBe(messages.importEmpty);

    // Past the byte limit: tests/integration/catalog-import-load.test.ts, with a small limit.

    const noFile = await postMultipart(world.app, CATALOG_IMPORT_PREVIEW_URL, {
      fields: { crearTaxonomias: 'false' },
      cookie: world.adminCookie,
    });
    expect(noFile).toMatchObject({ status: 400, body: { error: messages.importFileMissing } });
  });
});

describe.runIf(process.env.DATABASE_URL)('catalogue CSV import on PostgreSQL', () => {
  it("applies a file whose statements outlast the pool's statement timeout", async () => {
    // The store's pool cuts statements after a few seconds; the apply raises its own limit
    // for its transaction. Here a pool that cuts them after 100 ms, against a file whose
    // inserts (a thousand rows each, with their triggers) take longer.
    const [brand] = await world.db.insert(brands).values({ name: 'Marca Lenta' }).returning();
    const [category] = await world.db
      .insert(categories)
      .values({ name: 'Categoría Lenta' })
      .returning();
    const rows = Array.from({ length: 4_000 }, (_, index) => ({
      slug: `lento-${Math.floor(index / 4)}`,
      nombre: `Lento ${Math.floor(index / 4)}`,
      marca: brand!.name,
      categoria: category!.name,
      caracteristicas: '',
      almacenamiento: `${128 * ((index % 4) + 1)} GB`,
      color: 'Negro',
      color_hex: '#000000',
      precio: '10.00',
      stock: '5',
      imagenes: '',
    }));
    const data = Buffer.from(csvOf(rows));
    const options = { createTaxonomies: false };
    const { stockRead } = await previewCatalogImport(world.db, data, options);
    const admin = await createTestUser(world.deps, { role: 'admin' });
    const strict = await openDatabase({
      databaseUrl: world.database.url!,
      dataDir: '',
      statementTimeoutMs: 100,
    });
    try {
      const applied = await applyCatalogImport(
        strict.db,
        { data, fileName: 'lento.csv' },
        { ...options, stockRead, isUnusualPriceConfirmed: false },
        { userId: admin.user.id },
      );
      expect(applied).toEqual({ created: 4_000, updated: 0, unchanged: 0 });
    } finally {
      await strict.close();
    }
  });
});
