// Lines a signed-in buyer is about to put in the cart, from the quick order, an earlier order
// ('Volver a pedir') or a saved list: what each variant is now, its stock, and the price this
// buyer pays for that quantity (services/pricing/pricing.ts). Answers go to one customer only.
import { eq, inArray, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Executor } from '../../db/client';
import { orders, products, variants } from '../../db/schema';
import { foundOrThrow } from '../infra/found';
import { buyerOf, type PricedLine, priceLines } from '../pricing/pricing';

export type BuyerLine = PricedLine & {
  sku: string;
  productName: string;
  productSlug: string;
  image: string | null;
  colorName: string;
  storage: string;
  stock: number;
};

/** The lines whose variant still exists, in the order given, priced for this customer. */
export async function buyerLines(
  db: Executor,
  customerId: number,
  lines: { variantId: number; quantity: number }[],
  now: Date,
): Promise<BuyerLine[]> {
  if (lines.length === 0) return [];
  const ids = lines.map((line) => line.variantId);
  const [rows, priced] = await Promise.all([
    db
      .select({
        variantId: variants.id,
        sku: variants.sku,
        productName: products.name,
        productSlug: products.slug,
        image: sql<string | null>`${products.images}->>0`,
        colorName: variants.colorName,
        storage: variants.storage,
        stock: variants.stock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.id, ids)),
    priceLines(db, await buyerOf(db, customerId), lines, now),
  ]);
  const byId = new Map(rows.map((row) => [row.variantId, row]));
  return priced.flatMap((line) => {
    const row = byId.get(line.variantId);
    return row ? [{ ...row, ...line }] : [];
  });
}

/** pricing.forMe: the buyer's unit price of each line, nothing else. */
export async function pricesForCustomer(
  db: Executor,
  customerId: number,
  lines: { variantId: number; quantity: number }[],
  now: Date,
): Promise<PricedLine[]> {
  return priceLines(db, await buyerOf(db, customerId), lines, now);
}

/**
 * The revision editor's default price of each line: what the order's customer would pay for
 * it now (admin.orders.prices), so staff start from the buyer's price, not the list price.
 */
export async function pricesForOrder(
  db: Executor,
  orderId: number,
  lines: { variantId: number; quantity: number }[],
  now: Date,
): Promise<PricedLine[]> {
  const order = await foundOrThrow(
    db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId)),
    messages.orderNotFound,
  );
  return pricesForCustomer(db, order.customerId, lines, now);
}
