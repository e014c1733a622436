// The product card every storefront list shows (shop, home, similar products), built in SQL:
// brand, category, lowest price, first image and the variants aggregated per product.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPreparedRows, queryRows } from '../db/client';

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
 * The cards of the products `idsQuery` picks (a column `id`), in its order. Every list picks
 * its ids with its own filter and order, small enough to plan per call (its best plan depends
 * on the filter); the cards are then one prepared statement (cardsByIds).
 */
export async function cardsOf(db: Executor, idsQuery: SQL): Promise<ProductCard[]> {
  const ids = (await queryRows<{ id: number }>(db, idsQuery)).map((row) => row.id);
  return cardsByIds(db, ids);
}

/**
 * The cards of these products, in this order: one prepared statement whose plan
 * (primary-key lookups) is made once per connection.
 */
export async function cardsByIds(db: Executor, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await queryPreparedRows<ProductCard>(
    db,
    sql`select ${cardColumns} from products p ${cardJoins}
        where p.id = any(${sql.param(`{${ids.join(',')}}`)}::int[])`,
  );
  const byId = new Map(rows.map((card) => [card.id, card]));
  // A product deleted between the two queries is left out.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Only products with at least one variant are for sale: min_price is null otherwise. */
export const isForSale = sql`p.min_price is not null`;
