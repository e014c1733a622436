// The product card every storefront list shows (shop, home, similar products). The database
// keeps each product's card in products.card (migration 0014): brand, category, lowest price,
// first image and the variants, rebuilt by triggers on every write that changes one of them.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor } from '../../db/client';
import { queryRowsInOneTrip } from '../../db/queries';

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
 * An expression: the stored cards of the products `idsQuery` picks (a column `id`), in its
 * order, as one json array. Every list picks its ids with its own filter and order; reading
 * the cards in the same statement makes a list one round trip to the database.
 */
export const cardsJson = (idsQuery: SQL) => sql`(
  select coalesce(json_agg(p.card order by picked.position), '[]'::json)
  from unnest(array(${idsQuery})) with ordinality as picked(id, position)
  join products p on p.id = picked.id)`;

/** The cards of the products `idsQuery` picks, in its order. */
export async function cardsOf(db: Executor, idsQuery: SQL): Promise<ProductCard[]> {
  const [row] = await queryRowsInOneTrip<{ cards: ProductCard[] }>(
    db,
    sql`select ${cardsJson(idsQuery)} as cards`,
  );
  return row?.cards ?? [];
}

/** Only products with at least one variant are for sale: min_price is null otherwise. */
export const isForSale = sql`p.min_price_cents is not null`;
