// The columns of a product and of its variants that the catalogue's CSV, its import, the product
// audit and the edit form all read: one list, so a column added to one of them is read the same
// way by the others.
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, categories, products, variants } from '../../db/schema';

/** A variant's own values, the ones the CSV carries and the audit compares. */
export const variantValueColumns = {
  storage: variants.storage,
  colorName: variants.colorName,
  color: variants.color,
  price: variants.price,
  stock: variants.stock,
  sku: variants.sku,
  mpn: variants.mpn,
};

/** A product's texts with its brand's and category's names (join brands and categories). */
export const productTextColumns = {
  name: products.name,
  slug: products.slug,
  brand: brands.name,
  category: categories.name,
  features: products.features,
  images: products.images,
};

/** The variants of these products in id order (the order the import locks them in). */
export const selectProductVariants = (db: Executor, productIds: number[]) =>
  db
    .select({ id: variants.id, productId: variants.productId, ...variantValueColumns })
    .from(variants)
    .where(inArray(variants.productId, productIds))
    .orderBy(asc(variants.id));
