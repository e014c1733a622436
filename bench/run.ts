// `npm run bench [-- --seconds 10 --connections 10]`: seeds 10,000 products / 40,000 variants
// into a fresh database (PGlite; Postgres too when DATABASE_URL is set), starts the app and
// measures each scenario against a bare Fastify route serving JSON of the same size, in the
// same run, on the same machine. Figures are ratios to that baseline, not absolute truths.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { shopListInputSchema, type ShopListInput } from '../src/shared/schemas/catalog';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import { type Database, queryRows } from '../src/server/db/client';
import { shopListQuery } from '../src/server/services/catalog-shop';
import type { QuoteRequestBody } from '../src/shared/schemas/order';
import { type BenchDatabase, benchDatabases } from './database';
import { runWhenStarted } from './entry';
import { type LoadPlan, type Measurement, measure } from './measure';
import { dashboardScenario } from './dashboard';
import { createCustomerTokens, createVariants, quoteScenario } from './quote';
import { BENCH_SIZE, seedLargeCatalog } from './seed';
import { startStore } from './store';

export type BenchContext = {
  urls: string[];
  /** A second instance in its own process, on PostgreSQL runs. */
  secondUrl?: string;
  db: Database;
  /** The PostgreSQL URL the stores listen on for catalogue changes; none on PGlite. */
  databaseUrl?: string;
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

const MARKER = 987654.32;

/** The server-rendered product pages of the same hundred slugs. */
const productPagePaths = () =>
  Array.from(
    { length: 100 },
    (_, i) => `/producto/producto-${1 + ((i * 97) % BENCH_SIZE.products)}`,
  );

/**
 * The shop query with a price ceiling no request has asked before (one counter across all
 * connections, see load-worker.mjs), so the catalogue cache cannot answer: what the database
 * itself sustains.
 */
const uncachedShopPlan = (): LoadPlan => ({
  kind: 'unique',
  template: trpcGet('catalog.list', { ...SHOP_BENCH_INPUT, maxPrice: MARKER }).replace(
    String(MARKER),
    '__N__',
  ),
  start: 2500,
  step: 0.01,
});

/** What visitors mostly read: the shop's first pages, by brand and by category, home's list. */
const catalogueReads = () => [
  trpcGet('catalog.list', { page: 1 }),
  trpcGet('catalog.list', { page: 2 }),
  trpcGet('catalog.list', { sort: 'asc', page: 1 }),
  ...Array.from({ length: 10 }, (_, i) => trpcGet('catalog.list', { brandIds: [i + 1] })),
  ...Array.from({ length: 5 }, (_, i) => trpcGet('catalog.list', { categoryIds: [i + 1] })),
];

/** 95% catalogue reads, 4% product pages over every product, 1% quote requests. */
async function mixedPlan(ctx: BenchContext): Promise<LoadPlan> {
  const runId = `mixed${Date.now().toString(36)}`;
  const variantIds = await createVariants(ctx.db, runId);
  const tokens = await createCustomerTokens(ctx.db, runId);
  const bodies = variantIds.map((variantId) => {
    const body: QuoteRequestBody = {
      email: 'compras@empresa.uy',
      items: [{ variantId, quantity: 1 }],
      idempotencyKey: '__KEY__',
    };
    return JSON.stringify({ json: body });
  });
  return {
    kind: 'mixed',
    reads: catalogueReads(),
    // The server-rendered pages a visitor opens (HTML, as a browser asks for them).
    products: Array.from(
      { length: 1000 },
      (_, i) => `/producto/producto-${1 + ((i * 7919) % BENCH_SIZE.products)}`,
    ),
    quote: {
      path: '/trpc/orders.requestQuote',
      bodies,
      runId,
      cookies: tokens.map((token) => `${SESSION_COOKIE}=${token}`),
      // A browser's same-origin POST; the store refuses cross-site mutations.
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    },
  };
}

/** Named scenarios, run in order; each is compared with the baseline its name starts like. */
export const scenarios: Record<string, Scenario> = {
  'shop list (filtered, sorted, page 50)': (ctx) =>
    measure({ ...ctx, plan: { kind: 'one', path: trpcGet('catalog.list', SHOP_BENCH_INPUT) } }),
  'shop list, uncached (never-repeated input)': (ctx) =>
    measure({ ...ctx, plan: uncachedShopPlan() }),
  'product by slug': (ctx) => measure({ ...ctx, plan: { kind: 'rotate', paths: productPaths() } }),
  'page: product, server-rendered (100 slugs)': (ctx) =>
    measure({ ...ctx, plan: { kind: 'rotate', paths: productPagePaths() } }),
  // The same pages from a store whose catalogue and page caches keep nothing: every request
  // loads its data and renders the page anew.
  'page: product, server-rendered, caches off': async (ctx) => {
    const store = await startStore(ctx.db, ctx.databaseUrl, { cacheTtlMs: 0 });
    try {
      return await measure({
        ...ctx,
        urls: [store.baseUrl],
        plan: { kind: 'rotate', paths: productPagePaths() },
      });
    } finally {
      await store.close();
    }
  },
  'quote requests (8 clients, 200 variants)': (ctx) =>
    quoteScenario({ ...ctx, baseUrl: ctx.urls[0]! }),
  'mixed 95/4/1, one instance': async (ctx) => measure({ ...ctx, plan: await mixedPlan(ctx) }),
  'mixed 95/4/1, two instances': async (ctx) => {
    if (!ctx.secondUrl) return 'PostgreSQL only: PGlite is one process';
    return measure({ ...ctx, urls: [...ctx.urls, ctx.secondUrl], plan: await mixedPlan(ctx) });
  },
  // Last: its 100,000 orders would weigh on the scenarios above.
  'dashboard with 100,000 orders': (ctx) =>
    dashboardScenario({ db: ctx.db, baseUrl: ctx.urls[0]! }),
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
    `\n${'scenario'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'KB/req'.padStart(9)}${'hit %'.padStart(9)}${'x base'.padStart(9)}`,
  );
  for (const { name, result, baseline } of rows) {
    const ratio = baseline ? fmt(result.rps / baseline.rps, 2) : '        -';
    const failed = result.failures ? `  (${result.failures} failed)` : '';
    const hits = result.hitRatio === undefined ? '        -' : fmt(result.hitRatio * 100, 0);
    console.log(
      `${name.padEnd(44)}${fmt(result.rps, 0)}${fmt(result.p50)}${fmt(result.p99)}${fmt(result.bytesPerRequest / 1024)}${hits}${ratio}${failed}`,
    );
  }
}

const isMeasurement = (value: unknown): value is Measurement =>
  typeof value === 'object' && value !== null && 'rps' in value && 'p99' in value;

type BenchOptions = {
  seconds: number;
  connections: number;
  /** Run only the scenarios whose name contains this text (the baselines always run). */
  only?: string;
};

async function benchOne(database: BenchDatabase, options: BenchOptions) {
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

  const store = await startStore(database.db, database.url);
  const second = database.url ? await startSecondInstance(database.url) : undefined;
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
    urls: [store.baseUrl],
    secondUrl: second?.baseUrl,
    db: database.db,
    databaseUrl: database.url,
  };
  const rows: { name: string; result: Measurement; baseline?: Measurement }[] = [];
  started = Date.now();
  const bare = (name: string) =>
    measure({ ...options, urls: [baseline.baseUrl], plan: { kind: 'one', path: `/${name}` } });
  const shopBaseline = await bare('shop');
  const productBaseline = await bare('product');
  rows.push({ name: 'baseline: bare Fastify, shop-sized JSON', result: shopBaseline });
  rows.push({ name: 'baseline: bare Fastify, product-sized JSON', result: productBaseline });
  const pageBaseline = await bare('page');
  rows.push({ name: 'baseline: bare Fastify, product page HTML', result: pageBaseline });
  for (const [name, scenario] of Object.entries(scenarios)) {
    if (options.only && !name.includes(options.only)) continue;
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
    // Quotes and the mixed load are mostly shop-sized JSON too: their ratio is to that.
    rows.push({ name, result, baseline: matching });
  }
  printTable(rows);
  console.log(`(${options.connections} connections, ${options.seconds} s each)`);
  await printExplain(database.db);

  await baseline.app.close();
  second?.stop();
  await store.close();
}

/** Another store process on the same PostgreSQL database (bench/instance.ts). */
async function startSecondInstance(databaseUrl: string) {
  const child = fork(fileURLToPath(new URL('./instance.ts', import.meta.url)), [databaseUrl], {
    execArgv: ['--import', 'tsx'],
  });
  const { baseUrl } = await new Promise<{ baseUrl: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { baseUrl: string }));
    child.once('error', reject);
  });
  return { baseUrl, stop: () => child.disconnect() };
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      only: { type: 'string' },
    },
  });
  const options: BenchOptions = {
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    only: values.only,
  };
  console.log(
    `Bench: ${BENCH_SIZE.products} products, ${BENCH_SIZE.products * BENCH_SIZE.variantsPerProduct} variants`,
  );
  // Bench code is not app code: it reads the variables it needs directly.
  const openers = benchDatabases(process.env.DATABASE_URL);
  if (openers.length > 1) {
    // One process per database: what the PGlite run leaves in memory (its heap, its WASM
    // instance) must not slow the PostgreSQL run down.
    for (const kind of ['pglite', 'postgres']) await runInOwnProcess(kind);
    return;
  }
  if (process.env.NODE_ENV !== 'production') {
    // The store runs with NODE_ENV=production (the Docker image sets it), and React picks
    // its development or production build from it when first loaded, which happens while
    // this file's imports load (before any line of it could set the variable): without it
    // the bench rendered pages with development React, about 1.5 times the CPU per page.
    await runInOwnProcess(process.env.BENCH_ONLY);
    return;
  }
  for (const open of openers) {
    const database = await open();
    try {
      await benchOne(database, options);
    } finally {
      await database.close();
    }
  }
}

/** This same bench, in a child process with NODE_ENV=production, on one database (BENCH_ONLY). */
function runInOwnProcess(kind: string | undefined): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), {
    env: { ...process.env, BENCH_ONLY: kind, NODE_ENV: 'production' },
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the ${kind} bench exited with ${code}`)),
    );
  });
}

runWhenStarted(import.meta.url, main);
