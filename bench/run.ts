// `npm run bench [-- --seconds 10 --connections 10]`: seeds 10,000 products / 40,000 variants
// into a fresh database (PGlite; Postgres too when DATABASE_URL is set), starts the app and
// measures each scenario against a bare Fastify route serving JSON of the same size, in the
// same run, on the same machine. Figures are ratios to that baseline, not absolute truths.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { shopListInputSchema, type ShopListInput } from '../src/shared/schemas/catalog';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, queryRows } from '../src/server/db/client';
import { shopListQuery } from '../src/server/services/catalog-shop';
import { createAppDeps } from '../src/server/deps';
import { type BenchDatabase, benchDatabases } from './database';
import { type Measurement, measure } from './measure';
import { quoteScenario } from './quote';
import { BENCH_SIZE, seedLargeCatalog } from './seed';

export type BenchContext = {
  baseUrl: string;
  /** The same store with its caches off (page cache included). */
  uncachedBaseUrl: string;
  db: Database;
  seconds: number;
  connections: number;
};

/** A scenario loads the running app; a Measurement result joins the table with its ratio. */
export type Scenario = (ctx: BenchContext) => Promise<unknown>;

/** The shop query under load: five brands, a price range, sorted, page 50. */
export const SHOP_BENCH_INPUT: ShopListInput = {
  brandIds: [1, 2, 3, 4, 5],
  minPrice: 100,
  maxPrice: 2500,
  sort: 'asc',
  page: 50,
};

const trpcGet = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** Product pages rotate over a hundred slugs so no single row stays hot. */
const productPaths = () =>
  Array.from({ length: 100 }, (_, i) =>
    trpcGet('catalog.get', { slug: `producto-${1 + ((i * 97) % BENCH_SIZE.products)}` }),
  );

/** The server-rendered product pages of the same hundred slugs. */
const productPagePaths = () =>
  Array.from(
    { length: 100 },
    (_, i) => `/producto/producto-${1 + ((i * 97) % BENCH_SIZE.products)}`,
  );

/** As a browser asks for a page: compressed. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html' };

/**
 * The same shop query with a different price ceiling on every request, so the catalogue
 * cache cannot answer: what the database itself sustains.
 */
const uncachedShopPaths = () =>
  Array.from({ length: 2000 }, (_, i) =>
    trpcGet('catalog.list', { ...SHOP_BENCH_INPUT, maxPrice: 2500 - i * 0.5 }),
  );

/** Named scenarios, run in order. Names starting with 'quote' have no same-size baseline. */
export const scenarios: Record<string, Scenario> = {
  'shop list (filtered, sorted, page 50)': (ctx) =>
    measure({ ...ctx, url: ctx.baseUrl + trpcGet('catalog.list', SHOP_BENCH_INPUT) }),
  'shop list, uncached (2,000 distinct inputs)': (ctx) =>
    measure({ ...ctx, url: ctx.baseUrl, paths: uncachedShopPaths() }),
  'product by slug': (ctx) => measure({ ...ctx, url: ctx.baseUrl, paths: productPaths() }),
  'page: product, server-rendered (100 slugs)': (ctx) =>
    measure({ ...ctx, url: ctx.baseUrl, paths: productPagePaths(), headers: BROWSER_HEADERS }),
  'page: product, server-rendered, no cache': (ctx) =>
    measure({
      ...ctx,
      url: ctx.uncachedBaseUrl,
      paths: productPagePaths(),
      headers: BROWSER_HEADERS,
    }),
  'quote requests (8 clients, 200 variants)': (ctx) => quoteScenario(ctx),
};

/** The baseline: no database, no tRPC, no plugins; the same JSON body, serialised per request. */
async function startBaseline(bodies: Record<string, unknown>, pages: Record<string, string> = {}) {
  const app = Fastify({ logger: false });
  for (const [name, body] of Object.entries(bodies)) app.get(`/${name}`, () => body);
  // HTML of the same size, uncompressed: the bare baseline has no plugins.
  for (const [name, html] of Object.entries(pages)) {
    app.get(`/${name}`, (_request, reply) => reply.type('text/html').send(html));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * The store as production runs it, pages rendered by dist/ssr (run `npm run build` first).
 * `cacheTtlMs: 0` turns the catalogue and page caches off.
 */
async function startStore(db: Database, cacheTtlMs?: number) {
  const uploads = mkdtempSync(path.join(tmpdir(), 'tienda-bench-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      UPLOADS_DIR: uploads,
      AUTH_RATE_LIMIT: '1000',
      // The quote scenario is a few customers placing orders as fast as they can.
      QUOTE_RATE_LIMIT: '1000000',
      MAX_OPEN_QUOTES: '1000000',
    }),
    clientDir: path.resolve('dist/client'),
  };
  const app = await buildApp(createAppDeps(db, config, { catalogCacheTtlMs: cacheTtlMs }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

async function printExplain(db: Database) {
  const input = shopListInputSchema.parse(SHOP_BENCH_INPUT);
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, costs off) ${shopListQuery(input)}`,
  );
  console.log('\nEXPLAIN ANALYZE of the shop query:');
  for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);
}

const fmt = (value: number, digits = 1) => value.toFixed(digits).padStart(9);

function printTable(rows: { name: string; result: Measurement; baseline?: Measurement }[]) {
  console.log(
    `\n${'scenario'.padEnd(42)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'KB/req'.padStart(9)}${'x base'.padStart(9)}`,
  );
  for (const { name, result, baseline } of rows) {
    const ratio = baseline ? fmt(result.rps / baseline.rps, 2) : '        -';
    const failed = result.failures ? `  (${result.failures} failed)` : '';
    console.log(
      `${name.padEnd(42)}${fmt(result.rps, 0)}${fmt(result.p50)}${fmt(result.p99)}${fmt(result.bytesPerRequest / 1024)}${ratio}${failed}`,
    );
  }
}

const isMeasurement = (value: unknown): value is Measurement =>
  typeof value === 'object' && value !== null && 'rps' in value && 'p99' in value;

async function benchOne(
  database: BenchDatabase,
  options: { seconds: number; connections: number },
) {
  console.log(`\n=== ${database.kind} ===`);
  let started = Date.now();
  await seedLargeCatalog(database.db);
  const [counts] = await queryRows<{ products: number; variants: number }>(
    database.db,
    sql`select (select count(*)::int from products) as products,
               (select count(*)::int from variants) as variants`,
  );
  console.log(
    `seeded ${counts?.products} products, ${counts?.variants} variants in ${Date.now() - started} ms`,
  );

  const store = await startStore(database.db);
  const uncachedStore = await startStore(database.db, 0);
  // The baseline serves exactly the bodies the store answers.
  const shopBody: unknown = await (
    await fetch(store.baseUrl + trpcGet('catalog.list', SHOP_BENCH_INPUT))
  ).json();
  const productBody: unknown = await (await fetch(store.baseUrl + productPaths()[0])).json();
  const shopTotal = (shopBody as { result: { data: { json: { total: number } } } }).result.data.json
    .total;
  console.log(`shop query matches ${shopTotal} products; page 50 shows items 589-600`);
  const pageResponse = await fetch(store.baseUrl + productPagePaths()[0]);
  if (pageResponse.status !== 200) throw new Error('no rendered pages: run `npm run build` first');
  const pageHtml = await pageResponse.text();
  const baseline = await startBaseline(
    { shop: shopBody, product: productBody },
    { page: pageHtml },
  );

  const ctx: BenchContext = {
    ...options,
    baseUrl: store.baseUrl,
    uncachedBaseUrl: uncachedStore.baseUrl,
    db: database.db,
  };
  const rows: { name: string; result: Measurement; baseline?: Measurement }[] = [];
  started = Date.now();
  const shopBaseline = await measure({ ...options, url: `${baseline.baseUrl}/shop` });
  const productBaseline = await measure({ ...options, url: `${baseline.baseUrl}/product` });
  rows.push({ name: 'baseline: bare Fastify, shop-sized JSON', result: shopBaseline });
  rows.push({ name: 'baseline: bare Fastify, product-sized JSON', result: productBaseline });
  const pageBaseline = await measure({ ...options, url: `${baseline.baseUrl}/page` });
  rows.push({ name: 'baseline: bare Fastify, product page HTML', result: pageBaseline });
  for (const [name, scenario] of Object.entries(scenarios)) {
    const result = await scenario(ctx);
    if (!isMeasurement(result)) {
      console.log(`${name}:`, result);
      continue;
    }
    const matching = name.startsWith('page')
      ? pageBaseline
      : name.startsWith('product')
        ? productBaseline
        : shopBaseline;
    rows.push({ name, result, baseline: name.startsWith('quote') ? undefined : matching });
  }
  printTable(rows);
  console.log(`(${options.connections} connections, ${options.seconds} s each)`);
  await printExplain(database.db);

  await baseline.app.close();
  await store.app.close();
  await uncachedStore.app.close();
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  const options = { seconds: Number(values.seconds), connections: Number(values.connections) };
  console.log(
    `Bench: ${BENCH_SIZE.products} products, ${BENCH_SIZE.products * BENCH_SIZE.variantsPerProduct} variants`,
  );
  // Bench code is not app code: it reads the one variable it needs directly.
  for (const open of benchDatabases(process.env.DATABASE_URL)) {
    const database = await open();
    try {
      await benchOne(database, options);
    } finally {
      await database.close();
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
