// 'Importar CSV' at issue 33's size, on PostgreSQL, through HTTP as the dashboard sends it
// (docs/decisions/069-a-catalogue-import-at-scale.md):
//
//   DATABASE_URL=postgres://… npx tsx bench/catalog-import-scale.ts [--products 100000] [--rows 100000]
//
// (a) a store of `--products` products (bench/seed.ts) exports its catalogue, `--rows` rows of
//     it get a new price and stock, and the file is previewed and applied;
// (b) `--rows` new rows (a quarter as many new products, four variants each, with the long
//     names and features of a real catalogue, ~35 MB) into that store.
// Each phase reports its duration, the store's event loop's largest stall (the store runs in a
// process of its own, bench/import-store.ts; an idle row first gives the machine's own noise),
// the slowest answers of /healthz, of an untouched product's data and of the shop's first page
// (caches off, so through the pool) asked every 20 ms meanwhile, with failed answers counted, the store's peak RSS, and the load average. During
// (a)'s apply a customer asks a quote for one of the file's products once the apply holds it,
// through the store's pool with production's statement timeout: that answer, and when it
// comes, is what a customer sees; and how long the apply kept that product held. After each apply the same file is previewed again and must
// change nothing. Prints figures; asserts nothing but that.
// `--template NAME` seeds the catalogue once into NAME and copies it for each run (keep it
// idle; drop it yourself when done).
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { SESSION_COOKIE } from '../src/server/auth/cookie';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/queries';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_PREVIEW_URL,
  type ImportApplied,
  type ImportPreview,
} from '../src/shared/schemas/catalog-import';
import type { QuoteRequestBody } from '../src/shared/schemas/order';
import { adminCookie } from './dashboard';
import { runWhenStarted } from './entry';
import { createCustomerTokens } from './quote';
import { seedLargeCatalog } from './seed';

type Row = Record<string, string>;
/** The store's process: its address, and its event loop's largest stall between start and stop. */
type Store = {
  baseUrl: string;
  /** The catalogue's size: producto-1 … producto-N. */
  products: number;
  startStalls(): void;
  stopStalls(): Promise<{ maxStallMs: number; peakRssMb: number }>;
  isRunning(): boolean;
  stop(): void;
};

async function startStoreProcess(databaseUrl: string, products: number): Promise<Store> {
  // BENCH_STORE_ARGS='--cpu-prof --cpu-prof-dir=…' profiles the store's process alone.
  const storeArgs = (process.env.BENCH_STORE_ARGS ?? '').split(' ').filter(Boolean);
  const child = fork(fileURLToPath(new URL('./import-store.ts', import.meta.url)), [databaseUrl], {
    execArgv: ['--import', 'tsx', ...storeArgs],
  });
  const { baseUrl } = await new Promise<{ baseUrl: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { baseUrl: string }));
    child.once('error', reject);
  });
  return {
    baseUrl,
    products,
    startStalls: () => child.send('start'),
    stopStalls: () =>
      new Promise((resolve) => {
        child.once('message', (message) =>
          resolve(message as { maxStallMs: number; peakRssMb: number }),
        );
        child.send('stop');
      }),
    isRunning: () => child.connected,
    stop: () => child.disconnect(),
  };
}

type Phase = {
  name: string;
  seconds: number;
  maxStallMs: number;
  healthzMaxMs: number;
  productMaxMs: number;
  shopMaxMs: number;
  peakRssMb: number;
  load: string;
  outcome: string;
};

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * `url` asked one after another every 20 ms until stopped: the slowest answer, and how many
 * answers were failures (counted, not thrown: a starved pool answers 503, which is a figure).
 */
function probe(url: string) {
  let isRunning = true;
  let slowest = 0;
  let failures = 0;
  const done = (async () => {
    while (isRunning) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      slowest = Math.max(slowest, performance.now() - started);
      await setTimeout(20);
    }
  })();
  return async () => {
    isRunning = false;
    await done;
    return { slowest, failures };
  };
}

/**
 * A product the files leave alone, read through the pool with the store's caches off (its
 * page's data): other requests still reach the database while an import holds a connection.
 */
const untouchedProduct = (store: Store, products: number) =>
  `${store.baseUrl}/trpc/catalog.get?input=${encodeURIComponent(
    JSON.stringify({ json: { slug: `producto-${products}` } }),
  )}`;

/** The shop's first page, caches off: a list read through the pool, as a visitor asks it. */
const shopList = (store: Store) =>
  `${store.baseUrl}/trpc/catalog.list?input=${encodeURIComponent(
    JSON.stringify({ json: { page: 1 } }),
  )}`;

/** Runs one request of the import while measuring the loop, the probes and the clock. */
async function measured<T>(
  name: string,
  store: Store,
  run: () => Promise<T>,
  outcome: (result: T) => string,
): Promise<{ phase: Phase; result: T }> {
  store.startStalls();
  const stopHealthz = probe(`${store.baseUrl}/healthz`);
  const stopProduct = probe(untouchedProduct(store, store.products));
  const stopShop = probe(shopList(store));
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const healthz = await stopHealthz();
  const product = await stopProduct();
  const shop = await stopShop();
  const [healthzMaxMs, productMaxMs, shopMaxMs] = [healthz.slowest, product.slowest, shop.slowest];
  const failed = Object.entries({ '/healthz': healthz, product: product, 'shop list': shop })
    .filter(([, p]) => p.failures > 0)
    .map(([name, p]) => `${name} failed ${p.failures} times`);
  const phase = {
    name,
    seconds,
    ...(await store.stopStalls()),
    healthzMaxMs,
    productMaxMs,
    shopMaxMs,
    load: load(),
    outcome: [outcome(result), ...failed].join('; '),
  };
  console.log(
    `${name}: ${seconds.toFixed(1)} s, loop stall max ${phase.maxStallMs.toFixed(0)} ms, ` +
      `/healthz max ${healthzMaxMs.toFixed(0)} ms, product max ${productMaxMs.toFixed(0)} ms, ` +
      `shop list max ${shopMaxMs.toFixed(0)} ms, ` +
      `RSS peak ${phase.peakRssMb.toFixed(0)} MB, load ${phase.load}: ${phase.outcome}`,
  );
  return { phase, result };
}

/**
 * The request's bytes, encoded before anything is measured: the bench is the admin's browser
 * too, in the store's process, and its own work must not count as the store's stall.
 */
async function encoded(form: FormData) {
  const request = new Response(form);
  return {
    contentType: request.headers.get('content-type')!,
    body: await request.arrayBuffer(),
  };
}

async function post<T>(
  store: Store,
  cookie: string,
  url: string,
  form: { contentType: string; body: ArrayBuffer },
) {
  const response = await fetch(store.baseUrl + url, {
    method: 'POST',
    headers: { cookie, origin: store.baseUrl, 'content-type': form.contentType },
    body: form.body,
  });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.error}`);
  return body;
}

function importForm(file: Buffer, preview?: ImportPreview) {
  const form = new FormData();
  form.append('crearTaxonomias', 'false');
  if (preview) {
    form.append('stockLeido', JSON.stringify(preview.stockRead));
    form.append('confirmarPrecios', 'true');
  }
  form.append('archivo', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'catalogo.csv');
  return form;
}

/** The first `count` rows of the store's own export, read as the admin downloads it. */
async function exportedRows(store: Store, cookie: string, count: number): Promise<Row[]> {
  const response = await fetch(`${store.baseUrl}/api/admin/catalog.csv`, { headers: { cookie } });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let lines = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = decoder.decode(read.value, { stream: true });
    text += chunk;
    lines += chunk.split('\n').length - 1;
    if (lines > count) break;
  }
  await reader.cancel();
  const complete = text.split('\r\n').slice(0, count + 1);
  return parse<Row>(complete.join('\r\n'), { bom: true, delimiter: ';', columns: true });
}

const csvFile = (rows: Row[]) =>
  Buffer.from(
    stringify(rows, { header: true, columns: Object.keys(rows[0]!), delimiter: ';', bom: true }),
  );

/**
 * Once the apply holds the product of `variantId` (a row lock only the import takes here), a
 * customer asks a quote for one unit of it: how long the answer takes, and what it is. The
 * watcher keeps looking meanwhile: how long the product stayed held after it was seen held.
 */
function quoteWhileLocked(store: Store, databaseUrl: string, token: string, variantId: number) {
  const watcher = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let isWatching = true;
  const isFree = async () =>
    (
      await watcher.begin(
        (tx) => tx`select p.id from products p join variants v on v.product_id = p.id
                   where v.id = ${variantId} for no key update of p skip locked`,
      )
    ).length > 0;
  const outcome = (async () => {
    while (isWatching && (await isFree())) await setTimeout(50);
    if (!isWatching) return 'the apply ended before the product was seen locked';
    const seenLocked = performance.now();
    const held = (async () => {
      while (!(await isFree())) await setTimeout(50);
      return ((performance.now() - seenLocked) / 1000).toFixed(1);
    })();
    const body: QuoteRequestBody = {
      email: 'compras@empresa.uy',
      items: [{ variantId, quantity: 1 }],
      idempotencyKey: `import-bench-${Date.now()}`,
    };
    const started = performance.now();
    const response = await fetch(`${store.baseUrl}/trpc/orders.requestQuote`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${SESSION_COOKIE}=${token}`,
        origin: store.baseUrl,
      },
      body: JSON.stringify({ json: body }),
    });
    const answer = (await response.json()) as { error?: { json?: { message?: string } } };
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const text = answer.error?.json?.message;
    return (
      `a quote for a product the apply held: ${response.status}${text ? ` '${text}'` : ''} ` +
      `after ${seconds} s; the product stayed held ${await held} s after it was seen held`
    );
  })();
  return async () => {
    isWatching = false;
    const result = await outcome;
    await watcher.end();
    return result;
  };
}

const countsOf = (preview: ImportPreview) => JSON.stringify(preview.counts);

async function previewAndApply(
  label: string,
  store: Store,
  cookie: string,
  file: Buffer,
  duringApply?: () => () => Promise<string>,
) {
  const phases: Phase[] = [];
  const previewRequest = await encoded(importForm(file));
  const previewed = await measured(
    `(${label}) preview`,
    store,
    () => post<ImportPreview>(store, cookie, CATALOG_IMPORT_PREVIEW_URL, previewRequest),
    countsOf,
  );
  phases.push(previewed.phase);
  const applyRequest = await encoded(importForm(file, previewed.result));
  const watcher = duringApply?.();
  const applied = await measured(
    `(${label}) apply`,
    store,
    () => post<ImportApplied>(store, cookie, CATALOG_IMPORT_APPLY_URL, applyRequest),
    (result) => JSON.stringify(result),
  );
  phases.push(applied.phase);
  if (watcher) {
    const seen = await watcher();
    console.log(`(${label}) ${seen}`);
    applied.phase.outcome += `; ${seen}`;
  }
  const again = await post<ImportPreview>(
    store,
    cookie,
    CATALOG_IMPORT_PREVIEW_URL,
    previewRequest,
  );
  // Only a stock the quote above reserved after the apply may differ from the file.
  const { create, update, invalid } = again.counts;
  if (create + invalid > 0 || update > (watcher ? 1 : 0)) {
    throw new Error(`(${label}) the applied file still changes something: ${countsOf(again)}`);
  }
  console.log(`(${label}) previewed again after the apply: ${countsOf(again)}`);
  return phases;
}

async function databaseFor(serverUrl: string, products: number, template?: string) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const seed = async (name: string) => {
    await admin.unsafe(`create database ${name}`);
    const handle = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
    await handle.migrate();
    const started = performance.now();
    await seedLargeCatalog(handle.db, products);
    console.log(
      `seeded ${products} products in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    await handle.close();
  };
  const name = `tienda_import_bench_${process.pid}`;
  if (template) {
    const [found] = await admin`select 1 from pg_database where datname = ${template}`;
    if (!found) await seed(template);
    await admin.unsafe(`create database ${name} template ${template}`);
  } else {
    await seed(name);
  }
  const handle = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
  await handle.migrate();
  return {
    url: urlOf(name),
    db: handle.db,
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      rows: { type: 'string', default: '100000' },
      template: { type: 'string' },
    },
  });
  const products = Number(values.products);
  const rows = Number(values.rows);
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL must name the PostgreSQL server');
  if (rows % 4 !== 0 || rows / 4 > products) {
    throw new Error('--rows must be a multiple of 4, at most 4 × --products');
  }
  console.log(`catalogue import at scale: ${products} products, ${rows} rows, load ${load()}`);
  const database = await databaseFor(serverUrl, products, values.template);
  let started: Store | undefined;
  const phases: Phase[] = [];
  try {
    const store = (started = await startStoreProcess(database.url, products));
    // The machine's own noise: the loop's largest stall while the store does nothing.
    phases.push(
      (
        await measured(
          'idle, 5 s',
          store,
          () => setTimeout(5_000),
          () => 'nothing to do',
        )
      ).phase,
    );
    const { cookie } = await adminCookie(database.db);
    const [customer] = await createCustomerTokens(database.db, `import${process.pid}`);
    const exported = await exportedRows(store, cookie, rows);

    // (a) a new price (a cent to a dollar more) and stock on every row of the export.
    const changed = exported.map((row, index) => ({
      ...row,
      precio: (Number(row.precio) + 0.01 + (index % 100) / 100).toFixed(2),
      stock: String(Number(row.stock) + 1 + (index % 5)),
    }));
    const changesFile = csvFile(changed);
    console.log(
      `(a) ${changed.length} rows with new prices and stock, ${(changesFile.length / 1024 / 1024).toFixed(1)} MB`,
    );
    // The file's last variant: the apply locks in ascending id, so its product is held last.
    const [last] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from variants where sku = ${exported.at(-1)!.sku}`,
    );
    phases.push(
      ...(await previewAndApply('a', store, cookie, changesFile, () =>
        quoteWhileLocked(store, database.url, customer!, last!.id),
      )),
    );

    // (b) new products, four variants each, in the export's columns, with the long names and
    // features of a real catalogue: about 400 bytes a row, so 100,000 rows weigh ~40 MB.
    const template = exported[0]!;
    const features = Array.from(
      { length: 4 },
      (_, index) => `Característica ${index + 1} del equipo, garantía oficial y soporte`,
    ).join('|');
    const created = Array.from({ length: rows }, (_, index) => ({
      ...template,
      slug: `importado-${Math.floor(index / 4)}`,
      nombre: `Importado ${Math.floor(index / 4)} · equipo de oficina de línea empresarial`,
      caracteristicas: features,
      almacenamiento: ['128 GB', '256 GB', '512 GB', '1 TB'][index % 4]!,
      precio: (100 + (index % 1000)).toFixed(2),
      stock: String(index % 9),
      imagenes: '',
      sku: '',
      mpn: '',
    }));
    const createsFile = csvFile(created);
    console.log(
      `(b) ${created.length} new rows (${rows / 4} products), ${(createsFile.length / 1024 / 1024).toFixed(1)} MB`,
    );
    phases.push(...(await previewAndApply('b', store, cookie, createsFile)));

    console.log(
      '\n| phase | s | loop stall max ms | /healthz max ms | product max ms | shop list max ms | RSS MB | load avg | outcome |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
    for (const phase of phases) {
      console.log(
        `| ${phase.name} | ${phase.seconds.toFixed(1)} | ${phase.maxStallMs.toFixed(0)} | ` +
          `${phase.healthzMaxMs.toFixed(0)} | ${phase.productMaxMs.toFixed(0)} | ` +
          `${phase.shopMaxMs.toFixed(0)} | ` +
          `${phase.peakRssMb.toFixed(0)} | ${phase.load} | ` +
          `${phase.outcome} |`,
      );
    }
  } finally {
    // A store process that died (out of memory, say) has no channel left to close.
    if (started?.isRunning()) started.stop();
    await database.drop();
  }
}

runWhenStarted(import.meta.url, main);
