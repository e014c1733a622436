// 'Tu precio' on the cards a signed-in buyer has on screen (home, the shop, similar products):
// each variant's unit price at one unit, by the one price function (services/pricing/pricing.ts),
// for the cards' products in one call (pricing.cards; docs/decisions/089-*.md). Answered to that
// buyer alone; the cards themselves, shared and cached, hold list prices only (decision 063).
import { inArray } from 'drizzle-orm';
import type { AppliedPriceRule } from '../../db/schema';
import type { Executor } from '../../db/client';
import { variants } from '../../db/schema';
import { sameAmount } from '@shared/money';
import { buyerOf, priceLines } from '../pricing/pricing';

export type CardPrice = { variantId: number; unitPrice: string; rule: AppliedPriceRule | null };

/** The variants of these products that cost this customer less than their list price. */
export async function cardPricesForCustomer(
  db: Executor,
  customerId: number,
  productIds: number[],
  now: Date,
): Promise<CardPrice[]> {
  const buyer = await buyerOf(db, customerId);
  // Without a company only volume tiers could lower a price, and none applies to one unit.
  if (buyer.companyId === null || productIds.length === 0) return [];
  const rows = await db
    .select({ id: variants.id })
    .from(variants)
    .where(inArray(variants.productId, productIds));
  const priced = await priceLines(
    db,
    buyer,
    rows.map((row) => ({ variantId: row.id, quantity: 1 })),
    now,
  );
  return priced
    .filter((line) => !sameAmount(line.unitPrice, line.listPrice))
    .map(({ variantId, unitPrice, rule }) => ({ variantId, unitPrice, rule }));
}
