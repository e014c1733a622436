// The product card every storefront list shows (shop, home, similar products), built in SQL:
// brand, category, lowest price, first image and the variants aggregated per product.
import { sql } from 'drizzle-orm';
import { type Executor, queryPreparedRows } from '../db/client';

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
 * Variants of product `p`, one lateral subquery per card row, read through
 * variants_product_id_price_idx.
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

/**
 * The cards of these products, in the order of `ids` (a product deleted meanwhile is left
 * out). Every list picks its ids with its own filter and order, then comes here: the cards
 * are one prepared statement whose plan (primary-key lookups) is made once per connection,
 * and the list's own query stays small enough to plan per call.
 */
export async function cardsByIds(db: Executor, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await queryPreparedRows<ProductCard>(
    db,
    sql`select ${cardColumns} from products p ${cardJoins}
        where p.id = any(${sql.param(`{${ids.join(',')}}`)}::int[])`,
  );
  const byId = new Map(rows.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Only products with at least one variant are for sale: min_price is null otherwise. */
export const isForSale = sql`p.min_price is not null`;
