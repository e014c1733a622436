// A company member's card price in SQL, for the shop's price filter and sort
// (docs/decisions/089-the-buyers-price-on-every-card.md). A card's price is the lowest unit
// price of its variants at quantity one; at one unit no volume tier applies (they start at two),
// so the candidates are the list price and the company's rules, and the lowest wins
// (062-most-favourable-price-wins.md). Written from the rules' numbers, not joined: a company has
// a handful of rules, and the statement then stays one round trip with plain literals.
//
// Because a percentage off is monotone in the list price, the lowest of a product's variants
// less the best percentage that concerns the product is the lowest of its variants' prices;
// fixed prices name variants, so they are the product's fixed price at most. The same arithmetic
// as price-core.ts (round half up, never below a cent); tests/integration/member-shop.test.ts
// checks the two agree product by product.
import { type SQL, sql } from 'drizzle-orm';
import { parseCents } from '@shared/money';
import type { Executor } from '../../db/client';
import { queryPreparedRows } from '../../db/queries';

/** The company's rules in force today, as the card price needs them (hundredths, cents). */
export type CardPriceRules = {
  /** The best percentage of an 'all' rule, in hundredths (2000 is 20 %); 0 without one. */
  allHundredths: number;
  brandHundredths: Map<number, number>;
  categoryHundredths: Map<number, number>;
  /** The lowest fixed price, in cents, of a variant of each product that has one. */
  fixedCentsByProduct: Map<number, number>;
  /** The best percentage of any rule: how far below its list price a product can go. */
  maxHundredths: number;
};

const keepHighest = (map: Map<number, number>, key: number, value: number) =>
  map.set(key, Math.max(map.get(key) ?? 0, value));

type RuleRow = {
  kind: 'brand' | 'category' | 'all' | 'variant';
  brandId: number | null;
  categoryId: number | null;
  percentOff: string | null;
  fixedPrice: string | null;
  productId: number | null;
};

/** Read on every request of a member's shop: a prepared statement (db/queries.ts). */
const rulesOfCustomerQuery = (customerId: number, today: string) => sql`
  select r.kind, r.brand_id as "brandId", r.category_id as "categoryId",
         r.percent_off::text as "percentOff", r.fixed_price::text as "fixedPrice",
         v.product_id as "productId"
  from company_members m
  join company_price_rules r on r.company_id = m.company_id
  left join variants v on v.id = r.variant_id
  where m.customer_id = ${customerId} and (r.ends_on is null or r.ends_on >= ${today}::date)`;

/**
 * The rules in force today (through their last day, `today` in Montevideo) of the company this
 * customer is a member of now, read with the membership in one statement; null when the customer
 * has no company or the company no rule in force (the list prices then).
 */
export async function cardPriceRulesOf(
  db: Executor,
  customerId: number,
  today: string,
): Promise<CardPriceRules | null> {
  const rows = await queryPreparedRows<RuleRow>(db, rulesOfCustomerQuery(customerId, today));
  if (rows.length === 0) return null;
  const rules: CardPriceRules = {
    allHundredths: 0,
    brandHundredths: new Map(),
    categoryHundredths: new Map(),
    fixedCentsByProduct: new Map(),
    maxHundredths: 0,
  };
  for (const row of rows) {
    if (row.kind === 'variant') {
      if (row.productId === null || row.fixedPrice === null) continue;
      const cents = Math.max(1, Number(parseCents(row.fixedPrice)));
      const known = rules.fixedCentsByProduct.get(row.productId);
      rules.fixedCentsByProduct.set(
        row.productId,
        known === undefined ? cents : Math.min(known, cents),
      );
      continue;
    }
    const hundredths = Number(parseCents(row.percentOff ?? '0'));
    rules.maxHundredths = Math.max(rules.maxHundredths, hundredths);
    if (row.kind === 'all') rules.allHundredths = Math.max(rules.allHundredths, hundredths);
    if (row.kind === 'brand' && row.brandId !== null) {
      keepHighest(rules.brandHundredths, row.brandId, hundredths);
    }
    if (row.kind === 'category' && row.categoryId !== null) {
      keepHighest(rules.categoryHundredths, row.categoryId, hundredths);
    }
  }
  return rules;
}

/**
 * The expressions below are written as text, each one raw chunk: they hold only integers we
 * computed (never a visitor's text) and column names, and drizzle assembling them from dozens of
 * nested fragments for every request was a fifth of a member's shop list (bench/member-shop.ts).
 */
const integer = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
};

/** `case <column> when k then v ... else <otherwise> end`, or `otherwise` when the map is empty. */
const caseOf = (column: string, map: Map<number, number>, otherwise: string) =>
  map.size === 0
    ? otherwise
    : `(case ${column} ${[...map]
        .map(([key, value]) => `when ${integer(key)} then ${integer(value)}`)
        .join(' ')} else ${otherwise} end)`;

/** percentPriceCents as text. */
function percentPriceText(rules: CardPriceRules, alias: string): string {
  const hundredths = `greatest(${integer(rules.allHundredths)}, ${caseOf(
    `${alias}.brand_id`,
    rules.brandHundredths,
    '0',
  )}, ${caseOf(`${alias}.category_id`, rules.categoryHundredths, '0')})`;
  const list = `${alias}.min_price_cents`;
  // round_half_up(list × (10000 − h) / 10000), never below a cent: price-core's percentOffCents.
  return `least(${list}, greatest(1, (${list} * (10000 - ${hundredths}) * 2 + 10000) / 20000))`;
}

/**
 * The member's card price in cents of the product row aliased `alias` (products or
 * product_search: both have id, min_price_cents, brand_id and category_id).
 */
export function cardPriceCents(rules: CardPriceRules, alias = 'p'): SQL {
  const fixed = caseOf(`${alias}.id`, rules.fixedCentsByProduct, 'null');
  return sql.raw(`least(${percentPriceText(rules, alias)}, ${fixed})`);
}

/**
 * The same price for a product with no fixed price: its list price less the best percentage.
 * Cheap per row (a few comparisons), where cardPriceCents also looks the product's id up among
 * the fixed prices, a `case` of one arm per product that was most of a member's shop's time
 * when read for each of thousands of rows (member-shop.ts keeps those products apart).
 */
export function percentPriceCents(rules: CardPriceRules, alias = 'p'): SQL {
  return sql.raw(percentPriceText(rules, alias));
}

/**
 * The highest list price (cents) a product without a fixed price can have and still cost the
 * member `cents` or less: every percentage is at most maxHundredths. A little generous (never
 * too tight): the exact price is compared as well.
 */
export function listCentsAtMost(rules: CardPriceRules, cents: number): number {
  return Math.floor((cents * 10000 + 5000) / (10000 - rules.maxHundredths)) + 1;
}

/** The same bound, in SQL, of a price computed by the statement (`cents`, a bigint). */
export function listCentsAtMostSql(rules: CardPriceRules, cents: SQL): SQL {
  return sql`((${cents}) * 10000 + 5000) / ${sql.raw(integer(10000 - rules.maxHundredths))} + 1`;
}

/** `alias.id in (...)`: the products with a fixed price, which no list bound can exclude. */
export function hasFixedPrice(rules: CardPriceRules, alias = 'p'): SQL {
  if (rules.fixedCentsByProduct.size === 0) return sql`false`;
  return sql.raw(`${alias}.id in (${fixedIds(rules)})`);
}

/** `alias.id not in (...)`, written so that PostgreSQL may look it up in a hash. */
export function lacksFixedPrice(rules: CardPriceRules, alias = 'p'): SQL {
  if (rules.fixedCentsByProduct.size === 0) return sql`true`;
  return sql.raw(`${alias}.id not in (${fixedIds(rules)})`);
}

/**
 * The fixed prices as a table `f(id, cents)` of the products they concern: two array literals
 * rather than one `case` arm per product at every use.
 */
export function fixedPricesTable(rules: CardPriceRules): SQL {
  const ids = [...rules.fixedCentsByProduct.keys()].map(integer).join(',');
  const cents = [...rules.fixedCentsByProduct.values()].map(integer).join(',');
  return sql.raw(`unnest('{${ids}}'::int[], '{${cents}}'::bigint[]) as f(id, cents)`);
}

const fixedIds = (rules: CardPriceRules) =>
  [...rules.fixedCentsByProduct.keys()].map(integer).join(', ');
