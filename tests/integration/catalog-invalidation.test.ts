// The catalogue caches (answers and rendered pages) are emptied by every path that changes what
// the shop shows, not only the product form: applying a CSV import, staff sending a quote
// revision that moves stock, and the job that gives back the stock of expired quote holds.
// Each test fills both caches, sees a hit, makes the change through the real route or job and
// expects the next read to be a miss that shows the new data.
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { orders, products } from '@server/db/schema';
import { startBackgroundJobs } from '@server/jobs';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_PREVIEW_URL,
  type ImportPreview,
} from '@shared/schemas/catalog-import';
import { callerFor, createTestUser } from '../support/context';
import { SAME_ORIGIN } from '../support/http';
import { postMultipart } from '../support/uploads';
import { createTestProduct } from './orders-fixtures';
import { requestQuote, stockOf } from '../support/quotes';
import { startFakeBcu } from '../support/bcu-fake';
import { useTestApp } from '../support/test-app';

// The real caches, with a TTL far longer than the test: only invalidation can refresh them; the
// render entry compiled from source (as ssr-pages.test.ts does): the page cache is real.
const world = useTestApp({ http: true, catalogCacheTtlMs: 60_000, pages: true });
let admin: SessionUser;
let customer: SessionUser;

beforeAll(async () => {
  // Users are written straight to the tables: no catalogue change, nothing cleared.
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps);
});

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

type ProductAnswer = {
  result: { data: { json: { variants: { stock: number; price: string }[] } } };
};
type Offer = { price: string; availability: string };

/** What a visitor sees of a product, and whether each cache answered it. */
async function visit(slug: string) {
  const input = encodeURIComponent(JSON.stringify({ json: { slug } }));
  const answer = await world.app.inject({ url: `/trpc/catalog.get?input=${input}` });
  expect(answer.statusCode).toBe(200);
  const [variant] = answer.json<ProductAnswer>().result.data.json.variants;
  const page = await world.app.inject({ url: `/producto/${slug}` });
  expect(page.statusCode).toBe(200);
  const [ld] = page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g);
  const offer = (JSON.parse(ld![1]!) as { offers: Offer }).offers;
  return {
    answerCache: answer.headers['x-cache'],
    pageCache: page.headers['x-cache'],
    stock: variant!.stock,
    price: variant!.price,
    offer: { price: offer.price, availability: offer.availability },
  };
}

/** Reads the product twice: the second read comes from both caches, unchanged. */
async function warm(slug: string) {
  const first = await visit(slug);
  const again = await visit(slug);
  expect(again).toEqual({ ...first, answerCache: 'hit', pageCache: 'hit' });
  return first;
}

async function newProduct(stock: number, price = '1499.00') {
  const [variant] = await createTestProduct(world.db, [{ stock, price }]);
  const [product] = await world.db
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, variant!.productId));
  return { variant: variant!, slug: product!.slug };
}

const reserve = (variantId: number, quantity: number) =>
  requestQuote(world.deps, customer, [{ variantId, quantity }]);

/** A read both caches missed, showing the product in stock with `stock` units. */
const readAfresh = ({ stock }: { stock: number }) => ({
  answerCache: 'miss',
  pageCache: 'miss',
  stock,
  offer: { availability: IN_STOCK },
});

describe('catalogue caches are emptied by', () => {
  it('applying a CSV import', async () => {
    const { variant, slug } = await newProduct(5);
    expect(await warm(slug)).toMatchObject({
      stock: 5,
      price: '1499.00',
      offer: { price: '1499.00', availability: IN_STOCK },
    });

    // The file as 'Exportar CSV' writes it, with a new price and stock for the variant.
    const exported = await world.app.inject({
      url: '/api/admin/catalog.csv',
      headers: { cookie: world.adminCookie, ...SAME_ORIGIN },
    });
    const rows = parse<Record<string, string>>(exported.body, {
      bom: true,
      delimiter: ';',
      columns: true,
      record_delimiter: '\r\n',
    }).filter((row) => row.slug === slug);
    expect(rows).toHaveLength(1);
    rows[0]!.precio = '1350,00';
    rows[0]!.stock = '9';
    const text = stringify(rows, {
      header: true,
      columns: Object.keys(rows[0]!),
      delimiter: ';',
      bom: true,
      record_delimiter: 'windows',
    });
    const file = {
      field: 'archivo',
      name: 'catalogo.csv',
      data: Buffer.from(text),
      type: 'text/csv',
    };
    const preview = await postMultipart(world.app, CATALOG_IMPORT_PREVIEW_URL, {
      fields: { crearTaxonomias: 'false' },
      files: [file],
      cookie: world.adminCookie,
    });
    expect(preview.status).toBe(200);
    // The export and the preview write nothing: the caches stay warm.
    expect(await visit(slug)).toMatchObject({ answerCache: 'hit', pageCache: 'hit', stock: 5 });

    const applied = await postMultipart(world.app, CATALOG_IMPORT_APPLY_URL, {
      fields: {
        crearTaxonomias: 'false',
        stockLeido: JSON.stringify((preview.body as unknown as ImportPreview).stockRead),
      },
      files: [file],
      cookie: world.adminCookie,
    });
    expect(applied).toEqual({ status: 200, body: { created: 0, updated: 1, unchanged: 0 } });
    expect(await stockOf(world.db, variant.id)).toBe(9);

    expect(await visit(slug)).toEqual({
      answerCache: 'miss',
      pageCache: 'miss',
      stock: 9,
      price: '1350.00',
      offer: { price: '1350.00', availability: IN_STOCK },
    });
  });

  it('staff sending a quote revision that gives stock back', async () => {
    const { variant, slug } = await newProduct(3);
    const order = await reserve(variant.id, 3);
    expect(await warm(slug)).toMatchObject({
      stock: 0,
      offer: { availability: OUT_OF_STOCK },
    });

    const [today] = await queryRows<{ day: string }>(
      world.db,
      sql`select (((now() at time zone 'America/Montevideo')::date) + 15)::text as day`,
    );
    const revision = await callerFor(world.deps, admin).admin.orders.sendRevision({
      orderId: order.id,
      lines: [{ variantId: variant.id, quantity: 1, unitPrice: '1400.00', discountPercent: '0' }],
      validUntil: today!.day,
    });
    expect(revision.number).toBe(1);
    expect(await stockOf(world.db, variant.id)).toBe(2);

    expect(await visit(slug)).toMatchObject(readAfresh({ stock: 2 }));
  });

  it('the job that releases expired quote holds', async () => {
    const { variant, slug } = await newProduct(2);
    const order = await reserve(variant.id, 2);
    const expiredAt = new Date(Date.now() - (world.deps.config.QUOTE_HOLD_DAYS + 1) * 86_400_000);
    await world.db.update(orders).set({ createdAt: expiredAt }).where(eq(orders.id, order.id));
    expect(await warm(slug)).toMatchObject({
      stock: 0,
      offer: { availability: OUT_OF_STOCK },
    });

    // The jobs as main.ts starts them; their first run is due 5 s after start.
    const logged: { level: 'info' | 'error'; args: unknown[] }[] = [];
    const log = {
      info: (...args: unknown[]) => logged.push({ level: 'info', args }),
      error: (...args: unknown[]) => logged.push({ level: 'error', args }),
    } as unknown as Parameters<typeof startBackgroundJobs>[1];
    // The dollar-rate job asks a local stand-in for the BCU, which knows the last week's rates.
    const bcu = await startFakeBcu();
    for (let daysAgo = 0; daysAgo < 7; daysAgo++) {
      bcu.quotes.set(
        new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10),
        '40.000',
      );
    }
    const deps = { ...world.deps, config: { ...world.deps.config, BCU_RATES_URL: bcu.url } };
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    let jobs: ReturnType<typeof startBackgroundJobs>;
    try {
      jobs = startBackgroundJobs(deps, log);
      // Starts the first runs; they do their database work on real timers.
      vi.advanceTimersByTime(5_000);
    } finally {
      vi.useRealTimers();
    }
    // Waits for the runs under way; the fake timers died with the fake clock.
    await jobs.stop();
    await bcu.close();
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(logged).toContainEqual({
      level: 'info',
      args: [expect.objectContaining({ released: [order.id] }), 'quote deadlines handled'],
    });
    expect(await stockOf(world.db, variant.id)).toBe(2);

    expect(await visit(slug)).toMatchObject(readAfresh({ stock: 2 }));
  });
});
