// The shop as a company member sees it when its price filter or 'precio' sorting is in play: by
// the member's own card price (services/pricing/card-price-sql.ts), never cached, answered to
// that member alone (pricing.shop; docs/decisions/089-the-buyers-price-on-every-card.md). The
// shared catalog.list keeps list prices (063-negotiated-prices-never-shared.md).
import { type SQL, sql } from 'drizzle-orm';
import { storeDay } from '@shared/format';
import { SHOP_PAGE_SIZE } from '@shared/catalog-limits';
import { type CappedPage, toCappedPage } from '@shared/page';
import type { ShopListQuery } from '@shared/schemas/catalog';
import { type Executor } from '../../db/client';
import { queryRowsInOneTrip } from '../../db/queries';
import { cardsJson, type ProductCard } from '../catalog/catalog-cards';
import {
  boundInCents,
  type CatalogCaps,
  DEFAULT_CATALOG_CAPS,
  listShopProducts,
  offsetOf,
  shopConditions,
} from '../catalog/catalog-shop';
import { matchOrder, rankedWindow, searchCandidates, walkOrder } from '../catalog/catalog-search';
import {
  cardPriceCents,
  type CardPriceRules,
  cardPriceRulesOf,
  fixedPricesTable,
  hasFixedPrice,
  lacksFixedPrice,
  listCentsAtMost,
  listCentsAtMostSql,
  percentPriceCents,
} from '../pricing/card-price-sql';

/**
 * Which products the member's filter admits, as two disjoint conditions on `products p`:
 * `listed`, those without a fixed price whose list price is within the list bound a member's
 * price implies (every percentage is at most the rules' best, so a price at most `max` means a
 * list price at most listCentsAtMost(max)), priced by `listedPrice` (percentages only, cheap
 * per row), and the products a fixed price concerns (null when there are none), few and found
 * by id: `fixedWithin` bounds them by the price it is given, which the list and the search
 * write each in their own form.
 */
function memberMatches(input: ShopListQuery, rules: CardPriceRules) {
  const hasFixed = rules.fixedCentsByProduct.size > 0;
  /** `price` within the bounds; `isListBound`: a list price the ceiling implies, too. */
  const within = (price: SQL, extra: SQL[], isListBound: boolean) => {
    const bounds: SQL[] = [];
    const onPrice: SQL[] = [];
    if (input.minPrice != null) {
      // The member's price is never above the list price: a list price under the floor is out.
      const floor = Number(boundInCents(input.minPrice, 'min'));
      bounds.push(sql`p.min_price_cents >= ${floor}`);
      // Without a fixed price, a list price that the best percentage leaves at the floor or
      // above needs no price computed (`or` stops at its first true operand).
      onPrice.push(
        isListBound
          ? sql`(p.min_price_cents * ${10000 - rules.maxHundredths} >= ${floor * 10000} or ${price} >= ${floor})`
          : sql`${price} >= ${floor}`,
      );
    }
    if (input.maxPrice != null) {
      const ceiling = Number(boundInCents(input.maxPrice, 'max'));
      // A member's price is never above the list price: a list price within needs no price.
      onPrice.push(sql`(p.min_price_cents <= ${ceiling} or ${price} <= ${ceiling})`);
      if (isListBound) bounds.push(sql`p.min_price_cents <= ${listCentsAtMost(rules, ceiling)}`);
    }
    // One condition in coalesce (the price is never null): counted as two independent ranges
    // of an expression without statistics, the bounds made the planner expect a tenth of the
    // rows they keep, sort a brand index's 23,000 entries rather than walk the price index
    // for the page's 600 (at 100,000 products; decision 093).
    if (onPrice.length > 0) bounds.push(sql`coalesce(${sql.join(onPrice, sql` and `)}, true)`);
    return shopConditions(input, [...bounds, ...extra]);
  };
  const listedPrice = percentPriceCents(rules);
  return {
    listed: within(listedPrice, hasFixed ? [lacksFixedPrice(rules)] : [], true),
    listedPrice,
    fixedWithin: hasFixed ? (price: SQL, extra: SQL[]) => within(price, extra, false) : null,
  };
}

type MemberMatches = ReturnType<typeof memberMatches>;

/**
 * The list's matches as two named sets, each written once into the statement: `listed`, not
 * materialized (every use is planned as its own walk of an index, as if written out there),
 * and `fixed`, the few products with a fixed price, joined by id. Written out at each use, the
 * conditions and the fixed prices made a statement of 10 KB that PostgreSQL parsed and planned
 * on every request (decision 093).
 */
function memberSets(matches: MemberMatches, rules: CardPriceRules): SQL {
  const columns = sql`p.id, p.min_price_cents, p.created_at`;
  const listed = sql`listed as not materialized (
    select ${columns}, ${matches.listedPrice} as price from products p where ${matches.listed})`;
  if (!matches.fixedWithin) return sql`with ${listed}`;
  // p joined to the fixed prices f (fixedPricesTable).
  const price = sql`least(${matches.listedPrice}, f.cents)`;
  return sql`with ${listed}, fixed as materialized (
    select ${columns}, ${price} as price
    from ${fixedPricesTable(rules)} join products p on p.id = f.id
    where ${matches.fixedWithin(price, [])})`;
}

/**
 * The ids of a page in price order. Sorting every match by a computed price would read them
 * all (a whole catalogue with no filter); instead the first `reach` products in list-price
 * order give a threshold. Ascending: the highest member price among them, T; at least `reach`
 * products cost T or less, so the page's products do too, and a product that costs T or less
 * has a list price at most listCentsAtMost(T), unless a fixed price brings it there (those are
 * added by id). Descending: the lowest, T; a member's price is never above the list price, so
 * the page's products have a list price of T or more. Either way an index range of about the
 * page's depth is read, and the exact price orders it.
 */
function priceOrderedIds(
  matches: MemberMatches,
  rules: CardPriceRules,
  sort: 'asc' | 'desc',
  limit: number,
  offset: number,
): SQL {
  const reach = offset + limit;
  const first = sql`select l.price from listed l order by ${walkOrder(sort, 'l')} limit ${reach}`;
  const inReach =
    sort === 'asc'
      ? sql`l.min_price_cents <= (select ${listCentsAtMostSql(rules, sql`max(f.price)`)} from (${first}) f)`
      : sql`l.min_price_cents >= (select min(f.price) from (${first}) f)`;
  const branches = [sql`select l.id, l.price from listed l where ${inReach}`];
  if (matches.fixedWithin) branches.push(sql`select x.id, x.price from fixed x`);
  const direction = sql.raw(sort);
  return sql`
    select c.id from (${sql.join(branches, sql` union all `)}) c
    order by c.price ${direction}, c.id ${direction}
    limit ${limit} offset ${offset}`;
}

/** The page's ids in the shop's own order (newest first), over both kinds of matches. */
function newestIds(matches: MemberMatches, limit: number, offset: number): SQL {
  const branches = [sql`select l.id, l.created_at from listed l`];
  if (matches.fixedWithin) branches.push(sql`select x.id, x.created_at from fixed x`);
  return sql`
    select c.id from (${sql.join(branches, sql` union all `)}) c
    order by ${walkOrder('newest', 'c')} limit ${limit} offset ${offset}`;
}

/** The page and its count (to cap + 1) of a list without a search, by the member's price. */
function memberPageQuery(input: ShopListQuery, rules: CardPriceRules, cap: number): SQL {
  const matches = memberMatches(input, rules);
  const offset = offsetOf(input.page, SHOP_PAGE_SIZE);
  const limit = Math.min(SHOP_PAGE_SIZE, cap - offset);
  const ids =
    offset >= cap
      ? undefined
      : input.sort
        ? priceOrderedIds(matches, rules, input.sort, limit, offset)
        : newestIds(matches, limit, offset);
  // The fixed prices are few (one per product a contract names): counted whole.
  const fixedCount = matches.fixedWithin ? sql` + (select count(*)::int from fixed)` : sql``;
  return sql`
    ${memberSets(matches, rules)}
    select ${ids ? cardsJson(ids) : sql`'[]'::json`} as items,
           (select count(*)::int from (select from listed limit ${cap + 1}) m)${fixedCount}
           as counted`;
}

/**
 * A search by a member: the search's window is the same as everyone's (its newest or cheapest
 * list prices, decision 067), filtered by the member's price and, when sorted, ordered by it.
 */
function memberSearchQuery(
  input: ShopListQuery,
  term: string,
  rules: CardPriceRules,
  cap: number,
): SQL {
  const matches = memberMatches(input, rules);
  const walk = input.sort ?? 'newest';
  const order = input.sort
    ? sql`${cardPriceCents(rules, 'p')} ${sql.raw(input.sort)}, w.id ${sql.raw(input.sort)}`
    : sql`${matchOrder('w')}, ${walkOrder(walk, 'w')}`;
  const ids = sql`
    select w.id from ranked w join products p on p.id = w.id
    order by ${order}
    limit ${SHOP_PAGE_SIZE} offset ${offsetOf(input.page, SHOP_PAGE_SIZE)}`;
  // The search filters products p alone: each fixed price is looked up by the product's id.
  const where = matches.fixedWithin
    ? sql`(${matches.listed} or ${matches.fixedWithin(cardPriceCents(rules), [hasFixedPrice(rules)])})`
    : matches.listed;
  return sql`
    with candidates as materialized (${searchCandidates({ term, where, walk, cap })}),
    ranked as (${rankedWindow(term, walk, cap)})
    select ${cardsJson(ids)} as items, (select count(*)::int from candidates) as counted`;
}

/**
 * pricing.shop: the shop's page for this customer. A customer without a company, or whose
 * company has no rule in force today, sees the list prices: the same query as catalog.list.
 */
export async function listShopForCustomer(
  db: Executor,
  customerId: number,
  input: ShopListQuery,
  now: Date,
  caps: CatalogCaps = DEFAULT_CATALOG_CAPS,
): Promise<CappedPage<ProductCard>> {
  const rules = await cardPriceRulesOf(db, customerId, storeDay(now));
  if (!rules) return listShopProducts(db, input, caps);
  const { query, cap } = input.search
    ? { query: memberSearchQuery(input, input.search, rules, caps.search), cap: caps.search }
    : { query: memberPageQuery(input, rules, caps.shop), cap: caps.shop };
  const [page] = await queryRowsInOneTrip<{ items: ProductCard[]; counted: number }>(db, query);
  return toCappedPage(page?.items ?? [], page?.counted ?? 0, input.page, SHOP_PAGE_SIZE, cap);
}
