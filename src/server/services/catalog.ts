// Storefront reads other than the shop list (see catalog-shop.ts): home, product page,
// similar products (the brand and category lists are services/taxonomies.ts).
import { sql } from 'drizzle-orm';
import {
  FEATURED_COUNT,
  FEATURED_POOL,
  type PriceSort,
  SIMILAR_COUNT,
} from '@shared/catalog-limits';
import { type Database, queryPreparedRows } from '../db/client';
import type { RichTextDoc } from '../db/schema';
import { cardsJson, cardsOf, isForSale, type ProductCard } from './catalog-cards';

/**
 * FEATURED_COUNT products drawn from the latest FEATURED_POOL. With a seed the draw is an
 * md5 shuffle, the same for every request carrying that seed; without one, random().
 */
export function featuredProducts(
  db: Database,
  input: { sort: PriceSort; seed?: number },
): Promise<ProductCard[]> {
  const shuffle =
    input.seed === undefined ? sql`random()` : sql`md5(pool.id::text || ':' || ${input.seed})`;
  const direction = input.sort === 'asc' ? sql`asc` : sql`desc`;
  return cardsOf(
    db,
    sql`
      with pool as (
        select p.id from products p
        where ${isForSale}
        order by p.created_at desc, p.id desc
        limit ${FEATURED_POOL}
      ),
      picked as (select pool.id from pool order by ${shuffle} limit ${FEATURED_COUNT})
      select p.id
      from picked
      join products p on p.id = picked.id
      order by p.min_price_cents ${direction}, p.id`,
  );
}

type ProductPageColumns = {
  features: string[];
  description: RichTextDoc;
  images: string[];
  brandId: number;
  categoryId: number;
};

export type ProductDetail = ProductCard & ProductPageColumns;

/** A product with everything its page shows, or null when no product has that slug. */
export async function productBySlug(db: Database, slug: string): Promise<ProductDetail | null> {
  // Prepared: a lookup by the unique slug has one best plan, whatever the slug.
  const [product] = await queryPreparedRows<ProductPageColumns & { card: ProductCard }>(
    db,
    sql`
      select p.card, p.features, p.description, p.images,
             p.brand_id as "brandId", p.category_id as "categoryId"
      from products p
      where p.slug = ${slug}`,
  );
  if (!product) return null;
  const { card, ...pageColumns } = product;
  return { ...card, ...pageColumns };
}

/**
 * The latest products of the same category, the product itself excluded. Prepared, as the
 * product's own lookup: every product page asks for it and its plan is the same for any
 * product (on PGlite planning took about two thirds of its millisecond).
 */
export async function similarProducts(db: Database, productId: number): Promise<ProductCard[]> {
  const [row] = await queryPreparedRows<{ cards: ProductCard[] }>(
    db,
    sql`select ${cardsJson(sql`
      select p.id
      from products p
      where p.category_id = (select category_id from products where id = ${productId})
        and p.id <> ${productId}
        and ${isForSale}
      order by p.created_at desc, p.id desc
      limit ${SIMILAR_COUNT}`)} as cards`,
  );
  return row?.cards ?? [];
}
