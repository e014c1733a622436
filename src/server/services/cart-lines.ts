import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products, variants } from '../db/schema';

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
      price: string;
      stock: number;
    };

/**
 * The current price, stock and names of the cart's variants, in the order asked, one answer
 * per id; an id whose variant (or product) was deleted comes back with `exists: false`, so
 * the cart can say which line is gone instead of failing the whole quote later.
 */
export async function cartLines(db: Database, variantIds: number[]): Promise<CartLineState[]> {
  if (variantIds.length === 0) return [];
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
    return row ? { ...row, exists: true as const } : { variantId, exists: false as const };
  });
}
