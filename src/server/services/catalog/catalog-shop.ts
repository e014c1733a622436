import { type SQL, sql } from 'drizzle-orm';
import {
  SEARCH_COUNT_CAP,
  SEARCH_SHEET_COUNT_CAP,
  SEARCH_SHEET_PAGE_SIZE,
  SHOP_COUNT_CAP,
  SHOP_PAGE_SIZE,
} from '@shared/catalog-limits';
import { type CappedPage, pageCountOf, toCappedPage } from '@shared/page';
import { readDecimal } from '@shared/money';
import type { SearchSheetQuery, ShopListQuery } from '@shared/schemas/catalog';
import type { Config } from '../../config';
import { type Executor } from '../../db/client';
import { queryRows, queryRowsInOneTrip } from '../../db/queries';
import { cardsJson, isForSale, type ProductCard } from './catalog-cards';
import {
  matchOrder,
  rankedWindow,
  searchCandidates,
  variantHasCode,
  walkOrder,
} from './catalog-search';

/** The list price's bounds of the shop's price filter. */
function listPriceBounds(input: ShopListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (input.minPrice != null) {
    conditions.push(sql`p.min_price_cents >= ${centsParam(input.minPrice, 'min')}`);
  }
  if (input.maxPrice != null) {
    conditions.push(sql`p.min_price_cents <= ${centsParam(input.maxPrice, 'max')}`);
  }
  return conditions;
}

/**
 * The filters of the shop (a search is matched apart: searchCandidates). `priceBounds` are the
 * price filter's conditions: the list price's, or a company member's price
 * (services/buying/member-shop.ts).
 */
export function shopConditions(
  input: ShopListQuery,
  priceBounds: SQL[] = listPriceBounds(input),
): SQL {
  const conditions: SQL[] = [isForSale];
  if (input.brandIds.length > 0) conditions.push(sql`p.brand_id in ${idList(input.brandIds)}`);
  if (input.categoryIds.length > 0) {
    conditions.push(sql`p.category_id in ${idList(input.categoryIds)}`);
  }
  return sql.join([...conditions, ...priceBounds], sql` and `);
}

/**
 * A price bound ('100.555', the schema's decimal text) in whole cents that keeps the filter
 * exact, counted in BigInt from its digits. Prices have two decimals, so `price >= 100.555`
 * holds from 100.56 up (the lower bound rounds up) and `price <= 100.555` up to 100.55 (the
 * upper bound rounds down); `min_price_cents` is compared with that integer in SQL.
 */
export function boundInCents(bound: string, side: 'min' | 'max'): bigint {
  const decimal = readDecimal(bound);
  if (!decimal || decimal.isNegative) throw new RangeError(`Not a price bound: ${bound}`);
  const cents =
    BigInt(decimal.whole || '0') * 100n + BigInt(decimal.fraction.padEnd(2, '0').slice(0, 2));
  const isBetweenCents = /[1-9]/.test(decimal.fraction.slice(2));
  return side === 'min' && isBetweenCents ? cents + 1n : cents;
}

/**
 * The bound as the statement's parameter: an integer of at most PRICE_MAX × 100 cents, which
 * a number holds exactly, so the query still binds only numbers and goes in one round trip
 * (queryRowsInOneTrip).
 */
const centsParam = (bound: string, side: 'min' | 'max') => Number(boundInCents(bound, side));

const idList = (ids: number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** The order of the shop without a search: by price if asked, else newest first. */
function shopOrder(input: ShopListQuery): SQL {
  return walkOrder(input.sort ?? 'newest', 'p');
}

/**
 * How far the shop counts and pages (docs/decisions/067-a-shop-list-and-search-at-scale.md):
 * `shop` products of a list, `search` products of a search, `sheet` products of the search
 * sheet (072; never more than `search`). The store reads them from its configuration; these
 * defaults are the production ones.
 */
export type CatalogCaps = { shop: number; search: number; sheet: number };
export const DEFAULT_CATALOG_CAPS: CatalogCaps = {
  shop: SHOP_COUNT_CAP,
  search: SEARCH_COUNT_CAP,
  sheet: SEARCH_SHEET_COUNT_CAP,
};
export const catalogCapsOf = (
  config: Pick<Config, 'SHOP_COUNT_CAP' | 'SEARCH_COUNT_CAP' | 'SEARCH_SHEET_COUNT_CAP'>,
): CatalogCaps => ({
  shop: config.SHOP_COUNT_CAP,
  search: config.SEARCH_COUNT_CAP,
  sheet: Math.min(config.SEARCH_SHEET_COUNT_CAP, config.SEARCH_COUNT_CAP),
});

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/**
 * The ids of a page of the list without a search: the query walks the products in the sort
 * order (an index whose columns cover the filters) and stops after the page; only those twelve
 * cards are read. Pages end at the cap: the last one stops at the cap's product, and one past
 * it reads nothing (a hand-typed ?page=25000 would otherwise skip 300,000 index entries).
 */
export function shopListQuery(input: ShopListQuery, cap: number): SQL | undefined {
  const offset = offsetOf(input.page, SHOP_PAGE_SIZE);
  if (offset >= cap) return undefined;
  return sql`
    select p.id
    from products p
    where ${shopConditions(input)}
    order by ${shopOrder(input)}
    limit ${Math.min(SHOP_PAGE_SIZE, cap - offset)} offset ${offset}`;
}

/**
 * The page's cards and the matches counted up to cap + 1, in one statement, each its own
 * subquery so each keeps its own plan. The count stops one past the cap: past it the shop
 * says 'más de 10.000', so counting all 300,000 products (100 ms) tells the visitor nothing
 * more. One statement, one round trip: on PostgreSQL each costs a socket write and a wake-up
 * on both sides, the largest share of an uncached list.
 */
export function shopPageQuery(input: ShopListQuery, cap: number): SQL {
  const ids = shopListQuery(input, cap);
  return sql`
    select ${ids ? cardsJson(ids) : sql`'[]'::json`} as items,
           (select count(*)::int
            from (select from products p where ${shopConditions(input)} limit ${cap + 1}) matched
           ) as counted`;
}

/**
 * A page of a search in the shop: the candidates (searchCandidates, with the filters), ranked
 * by match and then newest, or in price order when a sort is asked; counted up to cap + 1.
 */
export function shopSearchQuery(input: ShopListQuery, term: string, cap: number): SQL {
  const walk = input.sort ?? 'newest';
  const order =
    walk === 'newest' ? sql`${matchOrder('w')}, ${walkOrder(walk, 'w')}` : walkOrder(walk, 'w');
  const ids = sql`
    select w.id from ranked w
    order by ${order}
    limit ${SHOP_PAGE_SIZE} offset ${offsetOf(input.page, SHOP_PAGE_SIZE)}`;
  return sql`
    with candidates as materialized (${searchCandidates({
      term,
      where: shopConditions(input),
      walk,
      cap,
    })}),
    ranked as (${rankedWindow(term, walk, cap)})
    select ${cardsJson(ids)} as items, (select count(*)::int from candidates) as counted`;
}

/** The statement of a shop page, with a search or without, and its cap. */
export function shopQueryOf(
  input: ShopListQuery,
  caps: Pick<CatalogCaps, 'shop' | 'search'>,
): { query: SQL; cap: number } {
  return input.search
    ? { query: shopSearchQuery(input, input.search, caps.search), cap: caps.search }
    : { query: shopPageQuery(input, caps.shop), cap: caps.shop };
}

export async function listShopProducts(
  db: Executor,
  input: ShopListQuery,
  caps: CatalogCaps = DEFAULT_CATALOG_CAPS,
): Promise<CappedPage<ProductCard>> {
  const { query, cap } = shopQueryOf(input, caps);
  const [page] = await queryRowsInOneTrip<{ items: ProductCard[]; counted: number }>(db, query);
  return toCappedPage(page?.items ?? [], page?.counted ?? 0, input.page, SHOP_PAGE_SIZE, cap);
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

/**
 * The search sheet's page: the variants of the candidates (searchCandidates, newest first), best
 * product match first, the newest first among equal ones, and within a product the variant
 * whose code is the term first. Every product for sale has a variant, so a page's eight
 * variants belong to the first offset + 8 products: only those are joined to their variants
 * and sorted. Counted: the variants of the window's products (index entries only), and the
 * candidates (one past the cap says there are more).
 */
export function searchSheetQuery(input: SearchSheetQuery, cap: number): SQL {
  const offset = offsetOf(input.page, SEARCH_SHEET_PAGE_SIZE);
  const productOrder = sql`${matchOrder('w')}, ${walkOrder('newest', 'w')}`;
  const hitOrder = sql`${matchOrder('h')}, ${walkOrder('newest', 'h')}, h.variant_is_code desc, h.variant_id`;
  return sql`
    with candidates as materialized (${searchCandidates({
      term: input.term,
      where: isForSale,
      walk: 'newest',
      cap,
    })}),
    ranked as materialized (${rankedWindow(input.term, 'newest', cap)}),
    page as (
      select w.id, w.is_code, w.similarity, w.created_at, v.id as variant_id,
             ${variantHasCode(input.term)} as variant_is_code
      from (select * from ranked w order by ${productOrder}
            limit ${offset + SEARCH_SHEET_PAGE_SIZE}) w
      join variants v on v.product_id = w.id
      order by ${productOrder}, variant_is_code desc, v.id
      limit ${SEARCH_SHEET_PAGE_SIZE} offset ${offset})
    select (select coalesce(json_agg(json_build_object(
              'variantId', v.id, 'slug', p.slug, 'name', p.name, 'image', p.images ->> 0,
              'storage', v.storage, 'colorName', v.color_name, 'price', v.price::text,
              'sku', v.sku) order by ${hitOrder}), '[]'::json)
            from page h join products p on p.id = h.id join variants v on v.id = h.variant_id
           ) as items,
           (select count(*)::int from ranked w join variants v on v.product_id = w.id) as total,
           (select count(*)::int from candidates) as counted`;
}

/** The search sheet lists variants ('storage / colour name', price), best product match first. */
export async function searchVariantsForSheet(
  db: Executor,
  input: SearchSheetQuery,
  cap: number = SEARCH_SHEET_COUNT_CAP,
): Promise<CappedPage<SearchResult>> {
  const [row] = await queryRows<{ items: SearchResult[]; total: number; counted: number }>(
    db,
    searchSheetQuery(input, cap),
  );
  const total = row?.total ?? 0;
  const isTotalCapped = (row?.counted ?? 0) > cap;
  return {
    items: row?.items ?? [],
    total,
    isTotalCapped,
    page: input.page,
    pageCount: pageCountOf(total, SEARCH_SHEET_PAGE_SIZE),
  };
}
