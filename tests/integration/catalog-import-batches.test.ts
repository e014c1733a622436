// The catalogue import at scale (docs/decisions/069-a-catalogue-import-at-scale.md), with write
// batches of three rows so every product of four variants straddles two of them: each row lands
// exactly, one failing batch leaves nothing written, the products are refreshed once at the end,
// a second apply meanwhile is refused, and the preview answers counts with bounded examples.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setTimeout } from 'node:timers/promises';
import { openDatabase } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { auditLog, products, variants } from '@server/db/schema';
import { APPLY_LOCK_KEY, IMPORT_SETTINGS } from '@server/services/catalog/csv/import-apply';
import { parseCatalogFile } from '@server/services/catalog/csv/import-parse';
import { planCatalogImport } from '@server/services/catalog/csv/import-plan';
import { lockAsRead } from '@server/services/catalog/csv/import-read';
import { AUDIT_PRICES_MAX } from '@server/services/catalog/csv/import-summary';
import { importMessages, messages } from '@shared/messages';
import { IMPORT_PREVIEW_EXAMPLES } from '@shared/schemas/catalog-import';
import {
  applyImport,
  csvOf,
  type CsvRow,
  exportedRows,
  latestImportChanges,
  previewImport,
} from '../support/catalog-import';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true, catalogImport: { ...IMPORT_SETTINGS, batchRows: 3 } });

const STORAGES = ['128 GB', '256 GB', '512 GB', '1 TB'];

/** `count` products of four variants each, slugs `{prefix}-001`…, one brand and category. */
async function seedProducts(prefix: string, count: number) {
  await world.db.execute(sql`insert into brands (name) values (${`Marca ${prefix}`})`);
  await world.db.execute(sql`insert into categories (name) values (${`Categoría ${prefix}`})`);
  await world.db.execute(sql`
    insert into products (name, slug, description, brand_id, category_id)
    select 'Producto ' || ${prefix} || ' ' || i, ${prefix} || '-' || lpad(i::text, 3, '0'),
           '{"type":"doc","content":[]}'::jsonb,
           (select id from brands where name = ${`Marca ${prefix}`}),
           (select id from categories where name = ${`Categoría ${prefix}`})
    from generate_series(1, ${count}) i`);
  await world.db.execute(sql`
    insert into variants (product_id, price, stock, storage, color, color_name)
    select p.id, 100 + v, 5, (array['128 GB', '256 GB', '512 GB', '1 TB'])[v], '#111111', 'Negro'
    from products p cross join generate_series(1, 4) v where p.slug like ${`${prefix}-%`}`);
}

const rowsOf = async (prefix: string) =>
  (await exportedRows(world.app, world.adminCookie)).filter((row) =>
    row.slug!.startsWith(`${prefix}-`),
  );

/** New products' rows in the export's columns, four variants each, prices and stock varied. */
const newProductRows = (like: CsvRow, prefix: string, count: number): CsvRow[] =>
  Array.from({ length: count * 4 }, (_, index) => ({
    ...like,
    slug: `${prefix}-${Math.floor(index / 4)}`,
    nombre: `Nuevo ${prefix} ${Math.floor(index / 4)}`,
    almacenamiento: STORAGES[index % 4]!,
    precio: `${200 + index}.50`,
    stock: String(index),
    imagenes: '',
    // Every other new variant brings its own SKU; the rest take the store's next one.
    sku: index % 2 === 0 ? `${prefix}-SKU-${index}`.toUpperCase() : '',
    mpn: '',
  }));

/** Each variant of these slugs as the database has it, keyed like a file row. */
async function storedVariants(slugPattern: string) {
  const rows = await world.db
    .select({
      slug: products.slug,
      storage: variants.storage,
      price: variants.price,
      stock: variants.stock,
      sku: variants.sku,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(like(products.slug, slugPattern))
    .orderBy(asc(variants.id));
  return new Map(rows.map((row) => [`${row.slug} ${row.storage}`, row]));
}

const importEntries = () => world.db.$count(auditLog, eq(auditLog.entityType, 'import'));

describe('the catalogue import in batches', () => {
  it('writes every row exactly when write batches end inside products', async () => {
    await seedProducts('lote', 3);
    const existing = (await rowsOf('lote')).map((row, index): CsvRow => ({
      ...row,
      precio: `${300 + index}.25`,
      stock: String(10 + index),
      ...(index % 3 === 0 ? { sku: `LOTE-NUEVO-${index}` } : {}),
    }));
    const added: CsvRow = { ...existing[0]!, almacenamiento: '2 TB', precio: '999.00', sku: '' };
    const created = newProductRows(existing[0]!, 'lote-nuevo', 5);
    const file = csvOf([...existing, added, ...created]);

    const { body } = await previewImport(world.app, world.adminCookie, file);
    expect(body.counts).toEqual({ create: 21, update: 12, unchanged: 0, invalid: 0 });
    const applied = await applyImport(world.app, world.adminCookie, file, body.stockRead);
    expect(applied).toEqual({ status: 200, body: { created: 21, updated: 12, unchanged: 0 } });

    const stored = await storedVariants('lote-%');
    expect(stored.size).toBe(12 + 1 + 20);
    for (const row of [...existing, added, ...created]) {
      const variant = stored.get(`${row.slug} ${row.almacenamiento}`);
      expect(variant).toMatchObject({ price: row.precio, stock: Number(row.stock) });
      if (row.sku) expect(variant!.sku).toBe(row.sku);
      else expect(variant!.sku).toMatch(/^TD-\d{6,}$/);
    }
    // Refreshed once each at the end: the lowest price and the card show the new variants.
    const written = await world.db
      .select({ id: products.id, minPrice: products.minPrice, card: products.card })
      .from(products)
      .where(like(products.slug, 'lote-%'));
    expect(written).toHaveLength(3 + 5);
    for (const product of written) {
      const own = await world.db.select().from(variants).where(eq(variants.productId, product.id));
      const lowest = Math.min(...own.map((variant) => Number(variant.price)));
      expect(Number(product.minPrice)).toBe(lowest);
      const card = product.card as {
        minPrice: string;
        variants: { price: string; stock: number }[];
      };
      expect(Number(card.minPrice)).toBe(lowest);
      expect(card.variants.map(({ price, stock }) => ({ price, stock }))).toEqual(
        own.sort((a, b) => a.id - b.id).map(({ price, stock }) => ({ price, stock })),
      );
    }
    const again = await previewImport(world.app, world.adminCookie, file);
    expect(again.body.counts).toEqual({ create: 0, update: 0, unchanged: 33, invalid: 0 });
  });

  it('writes nothing when a later batch fails, and applies the same file afterwards', async () => {
    await seedProducts('falla', 2);
    const existing = (await rowsOf('falla')).map((row) => ({ ...row, precio: '555.55' }));
    // The last new variant is refused by the database, several batches into the writes.
    const created = newProductRows(existing[0]!, 'falla-nuevo', 3);
    created.at(-1)!.almacenamiento = '9 TB';
    const file = csvOf([...existing, ...created]);
    const { body } = await previewImport(world.app, world.adminCookie, file);
    expect(body.counts).toMatchObject({ create: 12, update: 8, invalid: 0 });
    const before = await importEntries();

    await world.db.execute(sql`
      create function refuse_nine_tb() returns trigger language plpgsql as $$
      begin
        if new.storage = '9 TB' then raise exception 'sin lugar para 9 TB'; end if;
        return new;
      end $$`);
    await world.db.execute(sql`
      create trigger refuse_nine_tb before insert on variants
      for each row execute function refuse_nine_tb()`);
    try {
      const refused = await applyImport(world.app, world.adminCookie, file, body.stockRead);
      expect(refused).toMatchObject({
        status: 500,
        body: { error: messages.importApplyFailed },
      });
    } finally {
      await world.db.execute(sql`drop trigger refuse_nine_tb on variants`);
      await world.db.execute(sql`drop function refuse_nine_tb()`);
    }
    expect(await world.db.$count(products, like(products.slug, 'falla-nuevo-%'))).toBe(0);
    const stored = await storedVariants('falla-%');
    expect([...stored.values()].map((variant) => variant.price)).toEqual(
      Array.from({ length: 8 }, (_, index) => `${101 + (index % 4)}.00`),
    );
    expect(await importEntries()).toBe(before);

    const applied = await applyImport(world.app, world.adminCookie, file, body.stockRead);
    expect(applied).toEqual({ status: 200, body: { created: 12, updated: 8, unchanged: 0 } });
  });

  it('leaves the lowest price to each write again once the apply has committed', async () => {
    await seedProducts('despues', 1);
    const rows = (await rowsOf('despues')).map((row) => ({ ...row, precio: '150.00' }));
    const file = csvOf(rows);
    const { body } = await previewImport(world.app, world.adminCookie, file);
    await applyImport(world.app, world.adminCookie, file, body.stockRead);
    const [product] = await world.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'despues-001'));
    // A write of the store's own, after the import: its product follows at once.
    await world.db
      .update(variants)
      .set({ price: '20.00' })
      .where(and(eq(variants.productId, product!.id), eq(variants.storage, '1 TB')));
    const [after] = await world.db
      .select({ minPrice: products.minPrice })
      .from(products)
      .where(eq(products.id, product!.id));
    expect(after!.minPrice).toBe('20.00');
  });

  it('answers every count but at most a bounded list of examples of each kind', async () => {
    await seedProducts('vista', 30);
    const existing = await rowsOf('vista');
    const rows = existing.map((row, index) =>
      index < 60
        ? // Fifteen products' prices, ten times higher: unusual.
          { ...row, precio: (Number(row.precio) * 10).toFixed(2) }
        : // The last product renamed: the one change of its kind, late in the file.
          { ...row, nombre: row.slug === 'vista-030' ? 'Renombrado' : row.nombre! },
    );
    const created = newProductRows(existing[0]!, 'vista-nuevo', 15).map((row): CsvRow => ({
      ...row,
      sku: '',
    }));
    const invalid = created.map((row) => ({ ...row, slug: `${row.slug}-x`, precio: 'abc' }));
    // First in the file, refused only once the catalogue is read: after the rows above.
    const unknownBrand = { ...created[0]!, slug: 'vista-rara', marca: 'Marca inexistente' };
    const { body } = await previewImport(
      world.app,
      world.adminCookie,
      csvOf([unknownBrand, ...rows, ...created, ...invalid]),
    );

    expect(body.counts).toEqual({ create: 60, update: 61, unchanged: 59, invalid: 61 });
    expect(body.totals).toEqual({ unusualPrices: 60, newBrands: 0, newCategories: 0 });
    expect(body.changedFields).toEqual([
      { field: 'name', count: 1 },
      { field: 'price', count: 60 },
    ]);
    const examples = IMPORT_PREVIEW_EXAMPLES;
    expect(body.create).toHaveLength(examples);
    expect(body.unchanged).toHaveLength(examples);
    expect(body.unusualPrices).toHaveLength(examples);
    // The first invalid rows of the file, in order: line 2, then those after the header, the
    // unknown brand's row, 120 rows and 60 new.
    expect(body.invalid.map((row) => row.line)).toEqual([
      2,
      ...Array.from({ length: examples - 1 }, (_, index) => 183 + index),
    ]);
    // Fifty examples of price changes, and the one renamed product too.
    expect(body.update).toHaveLength(examples + 1);
    expect(body.update.at(-1)).toMatchObject({
      slug: 'vista-030',
      changes: [expect.objectContaining({ field: 'name', after: 'Renombrado' })],
    });
    // The apply needs the stock read of every existing variant, not examples of it.
    expect(body.stockRead).toHaveLength(120);
  });

  it(`lists at most ${AUDIT_PRICES_MAX} changed prices in the activity log, unusual ones first`, async () => {
    const count = Math.ceil((AUDIT_PRICES_MAX + 1) / 4);
    await seedProducts('registro', count);
    const rows = (await rowsOf('registro')).map((row, index, all) => ({
      ...row,
      // The last product's prices ten times higher: unusual, so listed however late.
      precio: (Number(row.precio) * (index >= all.length - 4 ? 10 : 1) + 1).toFixed(2),
    }));
    const file = csvOf(rows);
    const { body } = await previewImport(world.app, world.adminCookie, file);
    expect(body.counts.update).toBe(count * 4);
    await applyImport(world.app, world.adminCookie, file, body.stockRead);

    const changes = await latestImportChanges(world.db);
    const listed = Object.keys(changes).filter((key) => key.startsWith('price:'));
    expect(listed).toHaveLength(AUDIT_PRICES_MAX);
    expect(changes.pricesChanged).toEqual({ before: null, after: count * 4 });
    expect(changes.pricesNotListed).toEqual({ before: null, after: count * 4 - AUDIT_PRICES_MAX });
    // Unusual ones first: the last product's four, though the file ends with them.
    const last = `Producto registro ${count}`;
    expect(listed).toEqual(
      expect.arrayContaining(STORAGES.map((storage) => `price:${last} (${storage} / Negro)`)),
    );
  });

  it('locks only the products it writes, and notices a stock moved before it locked', async () => {
    await seedProducts('cerrojo', 2);
    const rows = await rowsOf('cerrojo');
    rows[0]!.precio = '999.00';
    const parsed = await parseCatalogFile(Buffer.from(csvOf(rows)));
    await world.db.transaction(async (tx) => {
      const plan = await planCatalogImport(tx, parsed, { createTaxonomies: false });
      expect(plan.writtenProducts.map((product) => product.slug)).toEqual(['cerrojo-001']);

      // A quote reserves units between the plan's read and the lock.
      await tx.execute(sql`
        update variants set stock = stock - 1
        where product_id = ${plan.writtenProducts[0]!.id} and storage = '512 GB'`);
      expect(await lockAsRead(tx, plan.read, plan.writtenProducts)).toEqual({
        isChanged: false,
        stockMoved: ['Producto cerrojo 1'],
      });
      await tx.execute(sql`
        update variants set price = 1 where product_id = ${plan.writtenProducts[0]!.id}`);
      expect(await lockAsRead(tx, plan.read, plan.writtenProducts)).toMatchObject({
        isChanged: true,
      });
    });
  });

  it('names at most ten products when their stock moved', () => {
    const names = Array.from({ length: 12 }, (_, index) => `P${index + 1}`);
    expect(importMessages.stockChanged(names)).toBe(
      'El stock cambió desde la vista previa: P1, P2, P3, P4, P5, P6, P7, P8, P9, P10 y 2 más. No se importó nada; volvé a previsualizar el archivo.',
    );
  });
});

/** Polls until some statement of this database waits for a row lock. */
async function untilWaitingForLock() {
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      world.db,
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.waiting > 0) return;
    await setTimeout(10);
  }
}

describe.runIf(process.env.DATABASE_URL)('the catalogue import on PostgreSQL', () => {
  it('refuses the apply when a quote reserves stock while the apply waits for its lock', async () => {
    await seedProducts('espera', 1);
    const rows = (await rowsOf('espera')).map((row) => ({ ...row, precio: '333.00' }));
    const file = csvOf(rows);
    const { body } = await previewImport(world.app, world.adminCookie, file);
    const [product] = await world.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.slug, 'espera-001'));
    const other = await openDatabase({ databaseUrl: world.database.url!, dataDir: '' });
    try {
      // A quote on a connection of its own: it holds the product, then reserves two units.
      let applying: ReturnType<typeof applyImport> | undefined;
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`select id from products where id = ${product!.id} for no key update`);
        await tx.execute(sql`
          update variants set stock = stock - 2
          where product_id = ${product!.id} and storage = '128 GB'`);
        // The apply plans from what is committed, then waits for the product.
        applying = applyImport(world.app, world.adminCookie, file, body.stockRead);
        await untilWaitingForLock();
      });
      expect(await applying).toMatchObject({
        status: 409,
        body: { error: importMessages.stockChanged([product!.name]) },
      });
    } finally {
      await other.close();
    }
    const stored = await storedVariants('espera-%');
    expect(stored.get('espera-001 128 GB')).toMatchObject({ price: '101.00', stock: 3 });
  });

  it('refuses a second apply while one is running, writing nothing', async () => {
    await seedProducts('doble', 1);
    const rows = (await rowsOf('doble')).map((row) => ({ ...row, precio: '777.00' }));
    const file = csvOf(rows);
    const { body } = await previewImport(world.app, world.adminCookie, file);
    // Another apply's transaction, on a connection of its own, holds the apply's lock.
    const other = await openDatabase({ databaseUrl: world.database.url!, dataDir: '' });
    try {
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK_KEY})`);
        const refused = await applyImport(world.app, world.adminCookie, file, body.stockRead);
        expect(refused).toMatchObject({
          status: 409,
          body: { fieldErrors: { archivo: [importMessages.applyRunning] } },
        });
      });
    } finally {
      await other.close();
    }
    const stored = await storedVariants('doble-%');
    expect([...stored.values()].map((variant) => variant.price)).not.toContain('777.00');
    const applied = await applyImport(world.app, world.adminCookie, file, body.stockRead);
    expect(applied).toMatchObject({ status: 200, body: { updated: 4 } });
  });
});
