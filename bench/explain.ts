// `npx tsx bench/explain.ts DATABASE_URL [--over 20]`: the plans, at a bench database's size
// (`npm run bench -- --keep-database` leaves one), of every statement the dashboard home, the
// orders list and CSV, the shop's deep pages and the search send, run once each and shown with
// EXPLAIN (ANALYZE, BUFFERS) when they took longer than --over ms (decision 065).
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';

const deskPage = (page: number) => ({ page, pageSize: 25, mine: false });
import { refreshSnapshot } from '../src/server/services/dashboard/snapshots';
import { dashboardSummary } from '../src/server/services/dashboard/stats';
import { listDeskOrders } from '../src/server/services/orders/staff-desk';
import { ordersCsvStream } from '../src/server/services/orders/orders-csv';
import { catalogCsvStream } from '../src/server/services/catalog/csv/export';
import {
  listShopProducts,
  searchVariantsForSheet,
} from '../src/server/services/catalog/catalog-shop';
import { SHOP_COUNT_CAP, SHOP_PAGE_SIZE } from '../src/shared/catalog-limits';
import { searchSheetInputSchema, shopListInputSchema } from '../src/shared/schemas/catalog';
import { listShopForCustomer } from '../src/server/services/buying/member-shop';
import { runWhenStarted } from './entry';
import { SHOP_BENCH_INPUT } from './seed';

type Statement = { label: string; query: string; params: unknown[] };

/** The deepest page of a list of this many products a visitor can reach (decision 067). */
const deepestPage = (products: number) =>
  Math.max(1, Math.ceil(Math.min(products, SHOP_COUNT_CAP) / SHOP_PAGE_SIZE));

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { over: { type: 'string', default: '20' } },
  });
  const url = positionals[0];
  if (!url) throw new Error('usage: npx tsx bench/explain.ts DATABASE_URL [--over ms]');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  let label = '';
  const statements: Statement[] = [];
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (query, params) => statements.push({ label, query, params }) },
  }) as unknown as Database;
  const now = new Date();
  const [count] = await client<{ products: number }[]>`
    select count(*)::int as products from products`;
  const products = count?.products ?? 1;
  const steps: Record<string, () => Promise<unknown>> = {
    'dashboard 30 days': () => dashboardSummary(db, { range: '30d', lowStock: 5 }, now),
    'dashboard 12 months': () => dashboardSummary(db, { range: '12m', lowStock: 5 }, now),
    // What the jobs loop computes every few minutes for the home to read (decision 068).
    'dashboard snapshot 12 months (jobs loop)': () => refreshSnapshot(db, '12m', now),
    'orders list, search "empresa 17"': () =>
      listDeskOrders(db, { search: 'empresa 17', ...deskPage(1) }, { userId: 1, now }),
    'orders list, page 500': () => listDeskOrders(db, deskPage(500), { userId: 1, now }),
    'shop, newest, deepest reachable page': () =>
      listShopProducts(db, shopListInputSchema.parse({ page: deepestPage(products) })),
    'shop, category 1, price desc, deepest reachable page': () =>
      listShopProducts(
        db,
        shopListInputSchema.parse({
          categoryIds: [1],
          sort: 'desc',
          page: deepestPage(products / 10),
        }),
      ),
    'search sheet "monitór 4321"': () =>
      searchVariantsForSheet(db, searchSheetInputSchema.parse({ term: 'monitór 4321' })),
    'shop search "notebok"': () =>
      listShopProducts(db, shopListInputSchema.parse({ search: 'notebok' })),
    // A company member's shop by their own price (decision 089): the bench's filtered page 50,
    // as the member row of bench/run.ts asks it (its company and members are in a kept database).
    'member shop, five brands, price range, price ascending, page 50': async () => {
      const [member] = await client<{ customerId: number }[]>`
        select customer_id as "customerId" from company_members order by customer_id limit 1`;
      if (!member) return;
      await listShopForCustomer(
        db,
        member.customerId,
        shopListInputSchema.parse(SHOP_BENCH_INPUT),
        now,
      );
    },
    // The first batches of each export.
    'orders CSV, first batches': () => firstChunks(ordersCsvStream(db, {})),
    'catalogue CSV, first batches': () => firstChunks(catalogCsvStream(db)),
  };
  for (const [name, step] of Object.entries(steps)) {
    label = name;
    await step();
  }
  const over = Number(values.over);
  for (const statement of statements) {
    if (/^\s*(begin|commit|set |select set_config)/i.test(statement.query)) continue;
    const started = performance.now();
    const plan = await client.begin(async (tx) => {
      await tx`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`;
      return tx.unsafe<{ 'QUERY PLAN': string }[]>(
        `explain (analyze, buffers, costs off) ${statement.query}`,
        statement.params as never[],
      );
    });
    const ms = performance.now() - started;
    if (ms < over) {
      console.log(`${statement.label}: ${ms.toFixed(0)} ms  ${oneLine(statement.query)}`);
      continue;
    }
    console.log(`\n== ${statement.label}: ${ms.toFixed(0)} ms\n${statement.query.trim()}`);
    console.log(`params: ${JSON.stringify(statement.params)}`);
    for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);
  }
  await client.end();
}

const oneLine = (query: string) => query.replace(/\s+/g, ' ').slice(0, 90);

/** Reads a few chunks of a download, then stops it. */
async function firstChunks(stream: NodeJS.ReadableStream & { destroy(): void }) {
  let chunks = 0;
  for await (const _chunk of stream) if (++chunks > 40) break;
  stream.destroy();
}

runWhenStarted(import.meta.url, main);
