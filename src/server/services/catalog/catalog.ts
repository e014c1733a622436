// Storefront reads other than the shop list (see catalog-shop.ts): home, product page,
// similar products (the brand and category lists are services/catalog/taxonomies.ts).
import { sql } from 'drizzle-orm';
import {
  FEATURED_COUNT,
  FEATURED_POOL,
  type PriceSort,
  SIMILAR_COUNT,
} from '@shared/catalog-limits';
import { type Database } from '../../db/client';
import { queryPreparedRows } from '../../db/queries';
import type { RichTextDoc } from '../../db/schema';
import {
  cardsJson,
  cardsOf,
  isForSale,
  type ProductCard,
  type VariantSummary,
} from './catalog-cards';
import type { PriceTier } from '../pricing/price-core';
import { pricingTiersSql, tierUnitPrice } from '../pricing/pricing';

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

/** What the page shows of a variant beyond its card: its codes and public volume prices. */
type VariantPageColumns = {
  id: number;
  sku: string;
  mpn: string | null;
  tiers: PriceTier[];
};

export type ProductDetail = Omit<ProductCard, 'variants'> &
  ProductPageColumns & {
    variants: (VariantSummary & {
      sku: string;
      mpn: string | null;
      /** 'Precios por volumen': the same for every visitor, never a company's price. */
      tiers: (PriceTier & { unitPrice: string })[];
    })[];
    /**
     * 'Productos similares': up to SIMILAR_COUNT other products of its category for sale,
     * newest first.
     */
    similar: ProductCard[];
  };

/**
 * A product with everything its page shows, its similar products included, or null when no
 * product has that slug. Public and shared by every visitor (the answer cache, the page cache):
 * list prices and volume tiers only.
 *
 * One prepared statement: a lookup by the unique slug has one best plan, whatever the slug,
 * and so has the latest products of its category. The similar products were a second
 * procedure and statement, which the page could only ask for once it knew the product's id:
 * two round trips in a row (docs/decisions/070-render-cost-again.md).
 */
export async function productBySlug(db: Database, slug: string): Promise<ProductDetail | null> {
  const [product] = await queryPreparedRows<
    ProductPageColumns & {
      card: ProductCard;
      variantColumns: VariantPageColumns[];
      similar: ProductCard[];
    }
  >(
    db,
    sql`
      select product.card, product.features, product.description, product.images,
             product.brand_id as "brandId", product.category_id as "categoryId",
             (select coalesce(json_agg(json_build_object(
                'id', v.id, 'sku', v.sku, 'mpn', v.mpn,
                'tiers', (select coalesce(json_agg(json_build_object(
                            'minQuantity', t.min_quantity, 'percentOff', t.percent_off::text)
                          order by t.min_quantity), '[]'::json)
                          from (${pricingTiersSql(sql`v.id`, sql`v.product_id`)}) t))), '[]'::json)
              from variants v where v.product_id = product.id) as "variantColumns",
             ${cardsJson(sql`
               select p.id
               from products p
               where p.category_id = product.category_id
                 and p.id <> product.id
                 and ${isForSale}
               order by p.created_at desc, p.id desc
               limit ${SIMILAR_COUNT}`)} as similar
      from products product
      where product.slug = ${slug}`,
  );
  if (!product) return null;
  const { card, variantColumns, ...pageColumns } = product;
  const columnsOf = new Map(variantColumns.map((columns) => [columns.id, columns]));
  return {
    ...card,
    ...pageColumns,
    variants: card.variants.map((variant) => {
      const columns = columnsOf.get(variant.id);
      return {
        ...variant,
        sku: columns?.sku ?? '',
        mpn: columns?.mpn ?? null,
        tiers: (columns?.tiers ?? []).map((tier) => ({
          ...tier,
          unitPrice: tierUnitPrice(variant.price, tier),
        })),
      };
    }),
  };
}
