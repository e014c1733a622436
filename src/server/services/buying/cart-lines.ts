import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, variants } from '../../db/schema';
import { priceLines } from '../pricing/pricing';

/** A cart line as the server sees it now: what the cart sheet and checkout must show. */
export type CartLineState =
  | { variantId: number; exists: false }
  | {
      variantId: number;
      exists: true;
      productName: string;
      productSlug: string;
      image: string | null;
      colorName: string;
      storage: string;
      /** The list price. */
      price: string;
      /** The unit price for the line's quantity: the list price or its volume tier's. */
      unitPrice: string;
      stock: number;
    };

/**
 * The current price, stock and names of the cart's variants, in the order asked, one answer
 * per id; an id whose variant (or product) was deleted comes back with `exists: false`, so
 * the cart can say which line is gone instead of failing the whole quote later. The unit
 * price is anyone's (volume tiers are public): a buyer's own comes from pricing.forMe.
 */
export async function cartLines(
  db: Database,
  variantIds: number[],
  quantities: number[] | undefined,
  now: Date,
): Promise<CartLineState[]> {
  if (variantIds.length === 0) return [];
  const priced = await priceLines(
    db,
    null,
    variantIds.map((variantId, index) => ({ variantId, quantity: quantities?.[index] ?? 1 })),
    now,
  );
  const unitPriceOf = new Map(priced.map((line) => [line.variantId, line.unitPrice]));
  const rows = await db
    .select({
      variantId: variants.id,
      productName: products.name,
      productSlug: products.slug,
      image: sql<string | null>`${products.images}->>0`,
      colorName: variants.colorName,
      storage: variants.storage,
      price: variants.price,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds));
  const byId = new Map(rows.map((row) => [row.variantId, row]));
  return variantIds.map((variantId) => {
    const row = byId.get(variantId);
    return row
      ? { ...row, unitPrice: unitPriceOf.get(variantId) ?? row.price, exists: true as const }
      : { variantId, exists: false as const };
  });
}
