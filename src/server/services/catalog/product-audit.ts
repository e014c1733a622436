// A product as the activity log compares it before and after a save: the fields a person edits,
// taxonomies by name, one `variant:<storage> / <colour>` entry per variant with its price, stock
// and codes, so a changed price shows as exactly that variant's before and after, and one
// `tier:<quantity>:<whose>` entry per volume price (the product's, whose is empty, or a
// variant's), so a tier added, changed or removed is its own line (decision 093).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, categories, products, variants } from '../../db/schema';
import { ownTiersOf, productTiersOf } from '../pricing/pricing';
import { productTextColumns, variantValueColumns } from './product-columns';

export type AuditedProduct = Record<string, unknown> & { name: string };

export const variantAuditKey = (variant: { storage: string; colorName: string }) =>
  `variant:${variant.storage} / ${variant.colorName}`;

/** 'tier:10:' for the product's tier from 10 units, 'tier:10:128 GB / Negro' for a variant's. */
export const tierAuditKey = (
  minQuantity: number,
  variant?: { storage: string; colorName: string },
) => `tier:${minQuantity}:${variant ? `${variant.storage} / ${variant.colorName}` : ''}`;

export async function auditedProduct(
  tx: Executor,
  id: number,
): Promise<AuditedProduct | undefined> {
  const [product] = await tx
    .select({
      ...productTextColumns,
      description: products.description,
      ivaRate: products.ivaRate,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!product) return undefined;
  const rows = await tx
    .select({ id: variants.id, ...variantValueColumns })
    .from(variants)
    .where(eq(variants.productId, id))
    .orderBy(asc(variants.id));
  const tiers = await ownTiersOf(
    tx,
    rows.map((row) => row.id),
  );
  const audited: AuditedProduct = { ...product };
  for (const tier of await productTiersOf(tx, id)) {
    audited[tierAuditKey(tier.minQuantity)] = tier.percentOff;
  }
  for (const row of rows) {
    audited[variantAuditKey(row)] = {
      price: row.price,
      stock: row.stock,
      color: row.color,
      sku: row.sku,
      mpn: row.mpn,
    };
    for (const tier of tiers.get(row.id) ?? []) {
      audited[tierAuditKey(tier.minQuantity, row)] = tier.percentOff;
    }
  }
  return audited;
}
