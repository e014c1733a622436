// `npm run bench [-- --products 10000 --orders 100000 --seconds 10 --connections 10]`: seeds
// N products (4 variants each) into a fresh database (PGlite; Postgres too when DATABASE_URL is
// set), M orders before the dashboard and export rows, starts the app and
// measures each scenario against a bare Fastify route serving JSON of the same size, in the
// same run, on the same machine. Figures are ratios to that baseline, not absolute truths.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  searchSheetInputSchema,
  shopListInputSchema,
  type ShopListInput,
} from '../src/shared/schemas/catalog';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import { type Database } from '../src/server/db/client';
import { queryRows } from '../src/server/db/queries';
import { SEARCH_COUNT_CAP, SHOP_COUNT_CAP, SHOP_PAGE_SIZE } from '../src/shared/catalog-limits';
import {
  DEFAULT_CATALOG_CAPS,
  searchSheetQuery,
  shopQueryOf,
} from '../src/server/services/catalog/catalog-shop';
import type { QuoteRequestBody } from '../src/shared/schemas/order';
import { type BenchDatabase, benchDatabases } from './database';
import { runWhenStarted } from './entry';
import { type LoadPlan, type Measurement, measure, trpcGet } from './measure';
import { DASHBOARD_BENCH, dashboardScenario } from './dashboard';
import { describeExport, exportScenario } from './exports';
import { OUTBOX_REPLY_DELAYS_MS, outboxScenario, printOutboxFigures } from './outbox';
import { memberShopPlan } from './member-shop';
import { sampleRss } from './rss';
import { createCustomerTokens, createVariants, quoteScenario } from './quote';
import {
  BENCH_SIZE,
  benchProductSlug,
  SEARCH_BENCH_WORDS,
  SHOP_BENCH_INPUT,
  seedLargeCatalog,
} from './seed';
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
  /** How many products the catalogue has and how many orders the dashboard rows seed. */
  size: BenchSize;
};

export type BenchSize = { products: number; orders: number };

/** A scenario loads the running app; a Measurement result joins the table with its ratio. */
export type Scenario = (ctx: BenchContext) => Promise<unknown>;

/** Product pages rotate over a hundred slugs so no single row stays hot. */
const productPaths = (products: number) =>
  Array.from({ length: 100 }, (_, i) =>
    trpcGet('catalog.get', { slug: benchProductSlug(i, products) }),
  );

const MARKER = 987654.32;

/** The server-rendered product pages of the same hundred slugs. */
const productPagePaths = (products: number) =>
  Array.from({ length: 100 }, (_, i) => `/producto/${benchProductSlug(i, products)}`);

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

/**
 * The search sheet (what the shop's search box asks, catalog.search) with a term no one typed
 * before: a product word misspelt or accented the way visitors type it, and a number from one
 * counter (a model a visitor looks for), so the catalogue cache can never answer.
 */
const uncachedSearchPlan = (): LoadPlan => ({
  kind: 'search',
  template: trpcGet('catalog.search', { term: '__TERM__' }),
  words: SEARCH_BENCH_WORDS,
});

/**
 * The plan against a store whose catalogue and page caches keep nothing: every request loads
 * its data anew, so a fixed input is measured as if each visitor asked it first.
 */
async function measureCachesOff(ctx: BenchContext, plan: LoadPlan): Promise<Measurement> {
  const store = await startStore(ctx.db, ctx.databaseUrl, { cacheTtlMs: 0 });
  try {
    return await measure({ ...ctx, urls: [store.baseUrl], plan });
  } finally {
    await store.close();
  }
}

const one = (path: string): LoadPlan => ({ kind: 'one', path });

/** A one-word typo that a fifth of the bench catalogue matches ('Notebook modelo N'). */
const BROAD_TYPO = 'notebok';

/** The deepest page of a list of this many products that a visitor can reach (decision 067). */
const deepestPage = (products: number) =>
  Math.max(1, Math.ceil(Math.min(products, SHOP_COUNT_CAP) / SHOP_PAGE_SIZE));

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
      (_, i) => `/producto/producto-${1 + ((i * 7919) % ctx.size.products)}`,
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

/** The dashboard row's name; it is the one that seeds the orders. */
const DASHBOARD_SCENARIO = 'dashboard with orders';

/** Named scenarios, run in order; each is compared with the baseline its name starts like. */
export const scenarios: Record<string, Scenario> = {
  // Its own SMTP server and mails; the figures are seconds, not a ratio to the baseline.
  'outbox: 1,000 queued mails and a reset to SMTP': (ctx) => outboxScenario(ctx.db),
  'shop list (filtered, sorted, page 50)': (ctx) =>
    measure({ ...ctx, plan: { kind: 'one', path: trpcGet('catalog.list', SHOP_BENCH_INPUT) } }),
  'shop list, uncached (never-repeated input)': (ctx) =>
    measure({ ...ctx, plan: uncachedShopPlan() }),
  // pricing.shop is private and never cached; the store's caches are off all the same.
  'shop list, member, uncached (own price, sort+filter)': async (ctx) =>
    measureCachesOff(ctx, await memberShopPlan(ctx.db)),
  'search, uncached (never-repeated terms)': (ctx) =>
    measure({ ...ctx, plan: uncachedSearchPlan() }),
  'search, uncached (broad typo "notebok")': (ctx) =>
    measureCachesOff(ctx, one(trpcGet('catalog.search', { term: BROAD_TYPO }))),
  'shop list, uncached (search "notebok")': (ctx) =>
    measureCachesOff(ctx, one(trpcGet('catalog.list', { search: BROAD_TYPO }))),
  'shop list, uncached (deepest page, newest first)': (ctx) =>
    measureCachesOff(ctx, one(trpcGet('catalog.list', { page: deepestPage(ctx.size.products) }))),
  'product by slug': (ctx) =>
    measure({ ...ctx, plan: { kind: 'rotate', paths: productPaths(ctx.size.products) } }),
  'page: product, server-rendered (100 slugs)': (ctx) =>
    measure({ ...ctx, plan: { kind: 'rotate', paths: productPagePaths(ctx.size.products) } }),
  // The same pages, each loaded and rendered anew.
  'page: product, server-rendered, caches off': (ctx) =>
    measureCachesOff(ctx, { kind: 'rotate', paths: productPagePaths(ctx.size.products) }),
  'quote requests (8 clients, 200 variants)': (ctx) =>
    quoteScenario({ ...ctx, baseUrl: ctx.urls[0]! }),
  'mixed 95/4/1, one instance': async (ctx) => measure({ ...ctx, plan: await mixedPlan(ctx) }),
  'mixed 95/4/1, two instances': async (ctx) => {
    if (!ctx.secondUrl) return 'PostgreSQL only: PGlite is one process';
    return measure({ ...ctx, urls: [...ctx.urls, ctx.secondUrl], plan: await mixedPlan(ctx) });
  },
  // Last: its orders would weigh on the scenarios above. Named by the size it seeds ('dashboard
  // with 100,000 orders' by default).
  [DASHBOARD_SCENARIO]: (ctx) =>
    dashboardScenario({ db: ctx.db, baseUrl: ctx.urls[0]!, orders: ctx.size.orders }),
  // The whole store once each, after the orders are there (run with --only 'export' to see
  // them on the catalogue alone).
  'orders CSV export': async (ctx) =>
    describeExport(
      await exportScenario({ db: ctx.db, baseUrl: ctx.urls[0]! }, '/api/admin/orders.csv'),
    ),
  'catalogue CSV export': async (ctx) =>
    describeExport(
      await exportScenario({ db: ctx.db, baseUrl: ctx.urls[0]! }, '/api/admin/catalog.csv'),
    ),
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

type Explained = { name: string; query: SQL };

/**
 * The plans of the shop's and the search's queries at this size: the bench's filtered page, the
 * deepest pages a visitor can reach, and a misspelt word a fifth of the catalogue matches, in
 * the shop and in the search sheet (docs/decisions/065-*.md, 067-*.md).
 */
async function printExplain(db: Database, products: number) {
  const shop = (name: string, input: ShopListInput): Explained => {
    const parsed = shopListInputSchema.parse(input);
    return { name, query: shopQueryOf(parsed, DEFAULT_CATALOG_CAPS).query };
  };
  const sheet = (term: string): Explained => ({
    name: `search sheet, "${term}"`,
    query: searchSheetQuery(searchSheetInputSchema.parse({ term }), SEARCH_COUNT_CAP),
  });
  const queries = [
    shop('shop page 50, five brands, price range, price ascending', SHOP_BENCH_INPUT),
    shop('shop, newest first, deepest reachable page', { page: deepestPage(products) }),
    shop('shop, one category, price descending, deepest reachable page', {
      categoryIds: [1],
      sort: 'desc',
      page: deepestPage(products / BENCH_SIZE.categories),
    }),
    shop('shop, one brand, price range, newest first, page 100', {
      brandIds: [3],
      minPrice: 500,
      maxPrice: 1500,
      page: 100,
    }),
    shop(`shop, search "${BROAD_TYPO}", page 1`, { search: BROAD_TYPO }),
    sheet(BROAD_TYPO),
    sheet('monitór 4321'),
  ];
  for (const { name, query } of queries) {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain (analyze, buffers, costs off) ${query}`,
    );
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS): ${name}`);
    for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);
  }
}

const fmt = (value: number, digits = 1) => value.toFixed(digits).padStart(9);

type Row = { name: string; result: Measurement; baseline?: Measurement; rssMb?: number };

function printTable(rows: Row[]) {
  console.log(
    `\n${'scenario'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'KB/req'.padStart(9)}${'hit %'.padStart(9)}${'x base'.padStart(9)}${'RSS MB'.padStart(9)}`,
  );
  for (const { name, result, baseline, rssMb } of rows) {
    const ratio = baseline ? fmt(result.rps / baseline.rps, 3) : '        -';
    const failedWith = 'failedWith' in result ? `: ${JSON.stringify(result.failedWith)}` : '';
    const failed = result.failures ? `  (${result.failures} failed${failedWith})` : '';
    const hits = result.hitRatio === undefined ? '        -' : fmt(result.hitRatio * 100, 0);
    const rss = rssMb === undefined ? '        -' : fmt(rssMb, 0);
    console.log(
      `${name.padEnd(44)}${fmt(result.rps, 0)}${fmt(result.p50)}${fmt(result.p99)}${fmt(result.bytesPerRequest / 1024)}${hits}${ratio}${rss}${failed}`,
    );
  }
}

const isMeasurement = (value: unknown): value is Measurement =>
  typeof value === 'object' && value !== null && 'rps' in value && 'p99' in value;

type BenchOptions = {
  seconds: number;
  connections: number;
  size: BenchSize;
  /** Run only the scenarios whose name contains this text (the baselines always run). */
  only?: string;
};

async function benchOne(database: BenchDatabase, options: BenchOptions) {
  console.log(`\n=== ${database.kind} ===`);
  let started = Date.now();
  if (!database.isSeeded) await seedLargeCatalog(database.db, options.size.products);
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
  const productBody: unknown = await (
    await fetch(store.baseUrl + productPaths(options.size.products)[0])
  ).json();
  const shopPage = (
    shopBody as { result: { data: { json: { total: number; isTotalCapped: boolean } } } }
  ).result.data.json;
  console.log(
    `shop query matches ${shopPage.isTotalCapped ? 'more than ' : ''}${shopPage.total} products; page 50 shows items 589-600`,
  );
  const pageResponse = await fetch(store.baseUrl + productPagePaths(options.size.products)[0]);
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
  const rows: Row[] = [];
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
    // The store's process is this one: its peak resident set while the scenario runs.
    const rss = sampleRss();
    const result = await scenario(ctx);
    const { peakMb } = rss.stop();
    if (!isMeasurement(result)) {
      const shown =
        name === DASHBOARD_SCENARIO
          ? `dashboard with ${options.size.orders.toLocaleString('en')} orders`
          : name;
      console.log(`${shown}:`, result);
      continue;
    }
    const matching = name.startsWith('page')
      ? pageBaseline
      : name.startsWith('product')
        ? productBaseline
        : shopBaseline;
    // Quotes and the mixed load are mostly shop-sized JSON too: their ratio is to that.
    rows.push({ name, result, baseline: matching, rssMb: peakMb });
  }
  printTable(rows);
  console.log(
    `(${options.size.products.toLocaleString('en')} products, ` +
      `${(options.size.products * BENCH_SIZE.variantsPerProduct).toLocaleString('en')} variants; ` +
      `${options.connections} connections, ${options.seconds} s each; ` +
      `RSS MB: the store's process at its peak during the row, the second instance not included; ` +
      `${new Date().toISOString()})`,
  );
  await printExplain(database.db, options.size.products);

  await baseline.app.close();
  second?.stop();
  await store.close();
}

/** `--outbox`: the outbox's drain alone, on an empty store, at each SMTP reply delay. */
async function benchOutbox(database: BenchDatabase) {
  const figures = [];
  for (const delayMs of OUTBOX_REPLY_DELAYS_MS) {
    figures.push(await outboxScenario(database.db, delayMs));
  }
  printOutboxFigures(database.kind, figures);
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
      products: { type: 'string', default: String(BENCH_SIZE.products) },
      orders: { type: 'string', default: String(DASHBOARD_BENCH.orders) },
      only: { type: 'string' },
      'keep-database': { type: 'boolean', default: false },
      outbox: { type: 'boolean', default: false },
    },
  });
  const size = { products: Number(values.products), orders: Number(values.orders) };
  if (![size.products, size.orders].every((n) => Number.isInteger(n) && n > 0)) {
    throw new Error('--products and --orders take a whole number above zero');
  }
  const options: BenchOptions = {
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    size,
    only: values.only,
  };
  if (values['keep-database']) process.env.BENCH_KEEP_DATABASE = '1';
  console.log(
    `Bench: ${size.products} products, ${size.products * BENCH_SIZE.variantsPerProduct} variants, ` +
      `${size.orders} orders for the dashboard and export rows`,
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
      if (values.outbox) await benchOutbox(database);
      else await benchOne(database, options);
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
