// `npx tsx bench/search-explain.ts DATABASE_URL TERM [shop]`: EXPLAIN (ANALYZE, BUFFERS) on a
// kept bench database of the search sheet's statement for TERM, or the shop's with `shop`.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { queryRows } from '../src/server/db/queries';
import {
  DEFAULT_CATALOG_CAPS,
  searchSheetQuery,
  shopQueryOf,
} from '../src/server/services/catalog/catalog-shop';
import { searchSheetInputSchema, shopListInputSchema } from '../src/shared/schemas/catalog';

const [url, term, kind] = process.argv.slice(2);
if (!url || !term) throw new Error('usage: bench/search-explain.ts DATABASE_URL TERM [shop]');
const handle = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
const query =
  kind === 'shop'
    ? shopQueryOf(shopListInputSchema.parse({ search: term }), DEFAULT_CATALOG_CAPS).query
    : searchSheetQuery(searchSheetInputSchema.parse({ term }), DEFAULT_CATALOG_CAPS.sheet);
const plan = await queryRows<{ 'QUERY PLAN': string }>(
  handle.db,
  sql`explain (analyze, buffers) ${query}`,
);
for (const row of plan) console.log(row['QUERY PLAN']);
await handle.close();
