// The one price function: the only code that turns a list price into a buyer's price
// (docs/decisions/062-most-favourable-price-wins.md, 063-negotiated-prices-never-shared.md).
// It loads the rows a set of lines needs and hands them to the pure core (price-core.ts). Its
// callers: pricing.forMe (product page, cart, checkout), the quick order, reorder and lists,
// the quote request inside its transaction, and the revision editor's default prices.
// Public answers (catalog.*) call it without a buyer only: volume tiers are public.
import { and, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { storeDay } from '@shared/format';
import { formatCents, parseCents } from '@shared/money';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import {
  type AppliedPriceRule,
  brands,
  categories,
  companyMembers,
  companyPriceRules,
  productPriceTiers,
  products,
  variantPriceTiers,
  variants,
} from '../../db/schema';
import {
  bestUnitPrice,
  type PriceRule,
  type PriceTier,
  rulesForLine,
  tierUnitPrice,
} from './price-core';

export { bestUnitPrice, tierUnitPrice };

/** Who is buying, as the session says: never an id the browser sent. */
export type Buyer = { customerId: number; companyId: number | null };

export type PricedLine = {
  variantId: number;
  quantity: number;
  /** The variant's list price now ('1299.00'). */
  listPrice: string;
  /** What this buyer pays per unit for this quantity. */
  unitPrice: string;
  /** Why unitPrice is below listPrice; null when it is not. */
  rule: AppliedPriceRule | null;
};

/**
 * The buyer's company: the one the customer is a member of now (company_members). A member who
 * leaves or is removed pays list prices from their next request on. A plain read: what a page
 * shows (the shop, the cards, the cart) holds no lock, and a FOR KEY SHARE outside a
 * transaction would only be released at once, after writing the row's lock to the WAL (and, with
 * two requests of one buyer at the same time, a multixact): a tenth of a member's shop list.
 */
export async function buyerOf(db: Executor, customerId: number): Promise<Buyer> {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.customerId, customerId));
  return { customerId, companyId: row?.companyId ?? null };
}

/**
 * buyerOf inside the quote's transaction, FOR KEY SHARE on the membership row alone: a
 * departure waits for that quote's commit instead of landing between its prices and its insert.
 * Nothing else is locked here (not the company row, which departures lock first:
 * services/companies/companies.ts, lockCompany).
 */
export async function lockedBuyerOf(tx: Executor, customerId: number): Promise<Buyer> {
  const [row] = await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.customerId, customerId))
    .for('key share');
  return { customerId, companyId: row?.companyId ?? null };
}

/**
 * The volume tiers that price one variant, as rows (min_quantity, percent_off): its own tiers,
 * or, when it has none, its product's (a variant's own replace the product's, whole;
 * docs/decisions/093-volume-tiers-for-a-whole-product.md). `variantId` and `productId` are
 * column references of the enclosing query. The one statement of the rule: every price reads
 * it through tiersOf, the product page's table directly (services/catalog/catalog.ts).
 */
export const pricingTiersSql = (variantId: SQL, productId: SQL) => sql`
  select t.min_quantity, t.percent_off from variant_price_tiers t where t.variant_id = ${variantId}
  union all
  select pt.min_quantity, pt.percent_off from product_price_tiers pt
  where pt.product_id = ${productId}
    and not exists (select 1 from variant_price_tiers o where o.variant_id = ${variantId})`;

/** The volume tiers that price these variants (pricingTiersSql), by variant, lowest first. */
export async function tiersOf(db: Executor, variantIds: number[]) {
  const byVariant = new Map<number, PriceTier[]>();
  if (variantIds.length === 0) return byVariant;
  const rows = await queryRows<{ variantId: number; minQuantity: number; percentOff: string }>(
    db,
    sql`
      select v.id as "variantId", t.min_quantity as "minQuantity",
             t.percent_off::text as "percentOff"
      from variants v
      cross join lateral (${pricingTiersSql(sql`v.id`, sql`v.product_id`)}) t
      where v.id in (${sql.join(
        variantIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by 1, 2`,
  );
  for (const { variantId, ...tier } of rows) {
    byVariant.set(variantId, [...(byVariant.get(variantId) ?? []), tier]);
  }
  return byVariant;
}

/** The tiers stored on these variants themselves (the form and the activity log), by variant. */
export async function ownTiersOf(db: Executor, variantIds: number[]) {
  const byVariant = new Map<number, PriceTier[]>();
  if (variantIds.length === 0) return byVariant;
  const rows = await db
    .select({
      variantId: variantPriceTiers.variantId,
      minQuantity: variantPriceTiers.minQuantity,
      percentOff: variantPriceTiers.percentOff,
    })
    .from(variantPriceTiers)
    .where(inArray(variantPriceTiers.variantId, variantIds))
    .orderBy(variantPriceTiers.variantId, variantPriceTiers.minQuantity);
  for (const { variantId, ...tier } of rows) {
    byVariant.set(variantId, [...(byVariant.get(variantId) ?? []), tier]);
  }
  return byVariant;
}

/** The tiers set for the whole product ('Para todas las variantes'), lowest quantity first. */
export function productTiersOf(db: Executor, productId: number): Promise<PriceTier[]> {
  return db
    .select({
      minQuantity: productPriceTiers.minQuantity,
      percentOff: productPriceTiers.percentOff,
    })
    .from(productPriceTiers)
    .where(eq(productPriceTiers.productId, productId))
    .orderBy(productPriceTiers.minQuantity);
}

/** The company's rules that still apply on `today`, with their brand's or category's name. */
async function activeRulesOf(db: Executor, companyId: number, today: string) {
  return db
    .select({
      id: companyPriceRules.id,
      kind: companyPriceRules.kind,
      brandId: companyPriceRules.brandId,
      categoryId: companyPriceRules.categoryId,
      variantId: companyPriceRules.variantId,
      percentOff: companyPriceRules.percentOff,
      fixedPrice: companyPriceRules.fixedPrice,
      endsOn: companyPriceRules.endsOn,
      targetName: sql<string | null>`coalesce(${brands.name}, ${categories.name})`,
    })
    .from(companyPriceRules)
    .leftJoin(brands, eq(brands.id, companyPriceRules.brandId))
    .leftJoin(categories, eq(categories.id, companyPriceRules.categoryId))
    .where(
      and(
        eq(companyPriceRules.companyId, companyId),
        or(isNull(companyPriceRules.endsOn), gte(companyPriceRules.endsOn, today)),
      ),
    ) satisfies Promise<PriceRule[]>;
}

/**
 * Each line's list price and the price `buyer` pays for it `now`, in the order given. A line
 * whose variant does not exist is left out (callers say which). `buyer` null is anyone: only
 * the public volume tiers apply. Run it inside the caller's transaction when the price must
 * hold until its commit (the quote request reads it after its stock locks).
 */
export async function priceLines(
  db: Executor,
  buyer: Buyer | null,
  lines: { variantId: number; quantity: number }[],
  now: Date,
): Promise<PricedLine[]> {
  const variantIds = [...new Set(lines.map((line) => line.variantId))];
  if (variantIds.length === 0) return [];
  const today = storeDay(now);
  const [rows, tiers, rules] = await Promise.all([
    db
      .select({
        variantId: variants.id,
        price: variants.price,
        brandId: products.brandId,
        categoryId: products.categoryId,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.id, variantIds)),
    tiersOf(db, variantIds),
    buyer?.companyId == null ? [] : activeRulesOf(db, buyer.companyId, today),
  ]);
  const byId = new Map(rows.map((row) => [row.variantId, row]));
  return lines.flatMap((line) => {
    const variant = byId.get(line.variantId);
    if (!variant) return [];
    const best = bestUnitPrice(
      parseCents(variant.price),
      line.quantity,
      tiers.get(line.variantId) ?? [],
      rulesForLine(rules, variant),
      today,
    );
    return [
      {
        variantId: line.variantId,
        quantity: line.quantity,
        listPrice: formatCents(parseCents(variant.price)),
        unitPrice: formatCents(best.unitCents),
        rule: best.rule,
      },
    ];
  });
}
