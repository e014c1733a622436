// The store beside a long catalogue apply, on PostgreSQL (PGlite has one connection, on which
// transactions take turns anyway): the apply keeps to a connection of its own, and a quote for
// a product it holds answers 'El catálogo se está actualizando' within its bound instead of
// waiting (docs/decisions/071-an-import-beside-the-store.md). The apply is held open with
// ImportSettings.whileLocked, and every wait polls a condition: nothing here is timed.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { openDatabase } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { orders, products, variants } from '@server/db/schema';
import {
  applyCatalogImport,
  IMPORT_SETTINGS,
  type ImportSettings,
  previewCatalogImport,
} from '@server/services/catalog/csv/import-apply';
import { importMessages, messages } from '@shared/messages';
import { applyImport, csvOf, exportedRows, previewImport } from '../support/catalog-import';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { quoteInput, stockOf } from '../support/quotes';
import { useTestApp } from '../support/test-app';

/**
 * An apply held once it has locked its rows, until `release`: `isHeld` turns true then. Each
 * test takes a fresh one; the settings below ask for the current one.
 */
function applyHold() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = {
    isHeld: false,
    release,
    whileLocked: async () => {
      hold.isHeld = true;
      await released;
    },
  };
  return hold;
}

let hold = applyHold();
const settings: ImportSettings = {
  ...IMPORT_SETTINGS,
  batchRows: 3,
  whileLocked: () => hold.whileLocked(),
};
const world = useTestApp({ http: true, catalogImport: settings });

/** One product of four variants (stock 5), slug `{slug}`, with its own brand and category. */
async function seedProduct(slug: string) {
  await world.db.execute(sql`insert into brands (name) values (${`Marca ${slug}`})`);
  await world.db.execute(sql`insert into categories (name) values (${`Categoría ${slug}`})`);
  const [product] = await queryRows<{ id: number }>(
    world.db,
    sql`
    insert into products (name, slug, description, brand_id, category_id)
    values (${`Producto ${slug}`}, ${slug}, '{"type":"doc","content":[]}'::jsonb,
            (select id from brands where name = ${`Marca ${slug}`}),
            (select id from categories where name = ${`Categoría ${slug}`}))
    returning id`,
  );
  const productId = Number(product!.id);
  await world.db.execute(sql`
    insert into variants (product_id, price, stock, storage, color, color_name)
    select ${productId}, 100 + v, 5, (array['128 GB', '256 GB', '512 GB', '1 TB'])[v],
           '#111111', 'Negro'
    from generate_series(1, 4) v`);
  const [first] = await world.db
    .select({ id: variants.id })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(variants.id)
    .limit(1);
  return { productId, variantId: first!.id };
}

/** The export's rows of `slug` with every price set to `price`: a file that writes them. */
async function repricedFile(slug: string, price: string) {
  const rows = (await exportedRows(world.app, world.adminCookie)).filter(
    (row) => row.slug === slug,
  );
  return csvOf(rows.map((row) => ({ ...row, precio: price })));
}

const ordersOf = (customer: SessionUser) =>
  world.db.$count(orders, eq(orders.customerId, customer.customer!.id));

describe.runIf(process.env.DATABASE_URL)('a catalogue apply beside the store', () => {
  it('leaves the store its whole pool while an apply holds its rows', async () => {
    const { productId } = await seedProduct('pileta');
    const file = await repricedFile('pileta', '444.00');
    // The store as this machine runs it: a pool of two connections (defaultPoolSize).
    const store = await openDatabase({
      databaseUrl: world.database.url!,
      dataDir: '',
      poolSize: 2,
    });
    hold = applyHold();
    let freeOther!: () => void;
    try {
      const deps = createTestDeps(store.db, { catalogImport: settings });
      const admin = await createTestUser(deps, { role: 'admin' });
      const preview = await previewCatalogImport(store.db, Buffer.from(file), {
        createTaxonomies: false,
      });
      const applying = applyCatalogImport(
        store.db,
        { data: Buffer.from(file), fileName: 'catalogo.csv' },
        { createTaxonomies: false, stockRead: preview.stockRead, isUnusualPriceConfirmed: true },
        { userId: admin.user.id },
        settings,
      );
      await vi.waitFor(() => expect(hold.isHeld).toBe(true), { timeout: 30_000 });
      // Another request holds one of the pool's two connections, as a quote waiting for the
      // apply's rows did: the shop must still find one.
      let isOtherHeld = false;
      const otherFreed = new Promise<void>((resolve) => (freeOther = resolve));
      const other = store.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        isOtherHeld = true;
        await otherFreed;
      });
      await vi.waitFor(() => expect(isOtherHeld).toBe(true));
      const visitor = callerFor(deps);
      const list = await visitor.catalog.list({ page: 1 });
      expect(list.items.length).toBeGreaterThan(0);
      // Committed rows only: the old prices until the apply commits.
      const page = await visitor.catalog.get({ slug: 'pileta' });
      expect(page?.id).toBe(productId);
      expect(page!.variants.map((variant) => variant.price)).not.toContain('444.00');
      freeOther();
      await other;
      hold.release();
      expect(await applying).toMatchObject({ updated: 4 });
    } finally {
      freeOther?.();
      hold.release();
      await store.close();
    }
  });

  it('refuses a second apply at once while the first holds its rows', async () => {
    await seedProduct('segunda');
    const file = await repricedFile('segunda', '666.00');
    const { body } = await previewImport(world.app, world.adminCookie, file);
    hold = applyHold();
    const applying = applyImport(world.app, world.adminCookie, file, body.stockRead);
    await vi.waitFor(() => expect(hold.isHeld).toBe(true), { timeout: 30_000 });
    // Its reads are not queued behind the first's transaction: it reaches the apply's lock.
    expect(await applyImport(world.app, world.adminCookie, file, body.stockRead)).toMatchObject({
      status: 409,
      body: { fieldErrors: { archivo: [importMessages.applyRunning] } },
    });
    hold.release();
    expect(await applying).toMatchObject({ status: 200, body: { updated: 4 } });
  });

  it('answers a quote for a held product that the catalogue is updating, writing nothing', async () => {
    const { variantId } = await seedProduct('espera-cotiza');
    const file = await repricedFile('espera-cotiza', '555.00');
    const customer = await createTestUser(world.deps);
    const { body } = await previewImport(world.app, world.adminCookie, file);
    hold = applyHold();
    const applying = applyImport(world.app, world.adminCookie, file, body.stockRead);
    await vi.waitFor(() => expect(hold.isHeld).toBe(true), { timeout: 30_000 });
    const input = quoteInput([{ variantId, quantity: 1 }]);
    const quote = callerFor(world.deps, customer).orders.requestQuote(input);
    // Answered while the apply still holds the product: the wait was bounded, not released.
    await expect(quote).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.catalogUpdating,
    });
    expect(hold.isHeld).toBe(true);
    expect(await ordersOf(customer)).toBe(0);
    expect(await stockOf(world.db, variantId)).toBe(5);

    hold.release();
    expect(await applying).toMatchObject({ status: 200, body: { updated: 4 } });
    // The same request (its idempotency key too), sent again as the message asks: it goes through.
    const { id } = await callerFor(world.deps, customer).orders.requestQuote(input);
    const [order] = await world.db
      .select({ total: orders.totalAmount })
      .from(orders)
      .where(eq(orders.id, id));
    expect(order!.total).toBe('555.00');
    expect(await ordersOf(customer)).toBe(1);
    expect(await stockOf(world.db, variantId)).toBe(4);
    const [product] = await world.db
      .select({ minPrice: products.minPrice })
      .from(products)
      .where(eq(products.slug, 'espera-cotiza'));
    expect(product!.minPrice).toBe('555.00');
  });
});
