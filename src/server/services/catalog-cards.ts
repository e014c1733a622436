// The product card every storefront list shows (shop, home, similar products), built in SQL:
// brand, category, lowest price, first image and the variants aggregated per product.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client';

export type VariantSummary = {
  id: number;
  color: string;
  colorName: string;
  storage: string;
  /** numeric(12,2) as text, never a float. */
  price: string;
  stock: number;
};

export type ProductCard = {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  minPrice: string;
  brandName: string;
  categoryName: string;
  variants: VariantSummary[];
};

/**
 * Variants of product `p`, one lateral subquery per card row: it runs only for the rows of
 * the page (after LIMIT) and reads variants through variants_product_id_price_idx.
 */
const variantsJson = sql`
  cross join lateral (
    select coalesce(
      json_agg(
        json_build_object(
          'id', v.id, 'color', v.color, 'colorName', v.color_name, 'storage', v.storage,
          'price', v.price::text, 'stock', v.stock
        ) order by v.id
      ),
      '[]'::json
    ) as variants
    from variants v
    where v.product_id = p.id
  ) pv`;

/** Columns of a card, for a query that has `p` (products), `b` (brands) and `c` (categories). */
export const cardColumns = sql`
  p.id, p.name, p.slug, p.images ->> 0 as image, p.min_price::text as "minPrice",
  b.name as "brandName", c.name as "categoryName", pv.variants`;

export const cardJoins = sql`
  join brands b on b.id = p.brand_id
  join categories c on c.id = p.category_id
  ${variantsJson}`;

/** Runs a query whose rows are cards plus `extra` columns, returning typed rows. */
export function queryCards<Extra extends object = object>(
  db: Executor,
  query: SQL,
): Promise<(ProductCard & Extra)[]> {
  return queryRows<ProductCard & Extra>(db, query);
}

/** Only products with at least one variant are for sale: min_price is null otherwise. */
export const isForSale = sql`p.min_price is not null`;
