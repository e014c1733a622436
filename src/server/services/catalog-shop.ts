import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_SHEET_PAGE_SIZE, SHOP_PAGE_SIZE } from '@shared/catalog-limits';
import { type Page, toPage } from '@shared/page';
import type { SearchSheetQuery, ShopListQuery } from '@shared/schemas/catalog';
import { type Database, type Executor, queryRows, queryRowsInOneTrip } from '../db/client';
import { cardsJson, isForSale, type ProductCard } from './catalog-cards';
import { matchesSearch, searchRank, variantCodeRank, withSearchThreshold } from './catalog-search';

function shopConditions(input: ShopListQuery): SQL {
  const conditions: SQL[] = [isForSale];
  if (input.search) conditions.push(matchesSearch(input.search));
  if (input.brandIds.length > 0) conditions.push(sql`p.brand_id in ${idList(input.brandIds)}`);
  if (input.categoryIds.length > 0) {
    conditions.push(sql`p.category_id in ${idList(input.categoryIds)}`);
  }
  if (input.minPrice != null) {
    conditions.push(sql`p.min_price_cents >= ${boundInCents(input.minPrice, 'min')}`);
  }
  if (input.maxPrice != null) {
    conditions.push(sql`p.min_price_cents <= ${boundInCents(input.maxPrice, 'max')}`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * A price bound in whole cents that keeps the filter exact. Prices have two decimals, so
 * `price >= 100.555` holds from 100.56 up (the lower bound rounds up) and `price <= 100.555`
 * up to 100.55 (the upper bound rounds down). The bound is read in decimal, not multiplied
 * as a float: 4.35 * 100 is 434.99999999999994. Six places are far finer than any bound
 * a person types and far coarser than a double's error at PRICE_MAX.
 */
export function boundInCents(value: number, side: 'min' | 'max'): number {
  const [whole = '0', fraction = ''] = value.toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  const isBetweenCents = Number(fraction.slice(2)) > 0;
  return side === 'min' && isBetweenCents ? cents + 1 : cents;
}

const idList = (ids: number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * An explicit price sort wins; without one, best search matches come first, and with no
 * search either, the newest products. The id breaks ties so pages never overlap.
 */
function shopOrder(input: ShopListQuery): SQL {
  if (input.sort === 'asc') return sql`p.min_price_cents asc, p.id asc`;
  if (input.sort === 'desc') return sql`p.min_price_cents desc, p.id desc`;
  const newest = sql`p.created_at desc, p.id desc`;
  return input.search ? sql`${searchRank(input.search)}, ${newest}` : newest;
}

/**
 * The ids of the page: the query walks the products in the sort order (an index whose columns
 * cover the filters, for the price and newest sorts) and stops after the page; only those
 * twelve cards are read. Numbering every match in a window made each page sort them all.
 */
export function shopListQuery(input: ShopListQuery): SQL {
  const offset = (input.page - 1) * SHOP_PAGE_SIZE;
  return sql`
    select p.id
    from products p
    where ${shopConditions(input)}
    order by ${shopOrder(input)}
    limit ${SHOP_PAGE_SIZE} offset ${offset}`;
}

/**
 * The page's cards and the number of matches in one statement, each its own subquery so each
 * keeps its own plan (the count reads the (brand|category, price) indexes alone when it can).
 * One statement, one round trip: on PostgreSQL each costs a socket write and a wake-up on
 * both sides, the largest share of an uncached list.
 */
export function shopPageQuery(input: ShopListQuery): SQL {
  return sql`
    select ${cardsJson(shopListQuery(input))} as items,
           (select count(*)::int from products p where ${shopConditions(input)}) as total`;
}

async function runShopList(db: Executor, input: ShopListQuery): Promise<Page<ProductCard>> {
  const [page] = await queryRowsInOneTrip<{ items: ProductCard[]; total: number }>(
    db,
    shopPageQuery(input),
  );
  return toPage(page?.items ?? [], page?.total ?? 0, input.page, SHOP_PAGE_SIZE);
}

export function listShopProducts(db: Database, input: ShopListQuery): Promise<Page<ProductCard>> {
  return input.search
    ? withSearchThreshold(db, (tx) => runShopList(tx, input))
    : runShopList(db, input);
}

export type SearchResult = {
  variantId: number;
  slug: string;
  name: string;
  image: string | null;
  storage: string;
  colorName: string;
  price: string;
  sku: string;
};

/** The search sheet's page: variants of the matching products, best product match first. */
export function searchSheetQuery(input: SearchSheetQuery): SQL {
  const offset = (input.page - 1) * SEARCH_SHEET_PAGE_SIZE;
  return sql`
    select v.id as "variantId", p.slug, p.name, p.images ->> 0 as image, v.storage,
           v.color_name as "colorName", v.price::text as price, v.sku,
           count(*) over ()::int as total
    from products p
    join variants v on v.product_id = p.id
    where ${matchesSearch(input.term)}
    order by ${searchRank(input.term)}, ${variantCodeRank(input.term)}, p.id, v.id
    limit ${SEARCH_SHEET_PAGE_SIZE} offset ${offset}`;
}

/** The search sheet lists variants ('storage / colour name', price), best product match first. */
export function searchVariantsForSheet(
  db: Database,
  input: SearchSheetQuery,
): Promise<Page<SearchResult>> {
  return withSearchThreshold(db, async (tx) => {
    const rows = await queryRows<SearchResult & { total: number }>(tx, searchSheetQuery(input));
    const items = rows.map(({ total: _total, ...result }) => result);
    return toPage(items, rows[0]?.total ?? 0, input.page, SEARCH_SHEET_PAGE_SIZE);
  });
}
