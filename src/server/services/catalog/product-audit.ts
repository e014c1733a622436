// A product as the activity log compares it before and after a save: the fields a person edits,
// taxonomies by name, and one `variant:<storage> / <colour>` entry per variant with its price,
// stock, codes and volume prices, so a changed price shows as exactly that variant's before
// and after.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, categories, products, variants } from '../../db/schema';
import { tiersOf } from '../pricing/pricing';
import { productTextColumns, variantValueColumns } from './product-columns';

export type AuditedProduct = Record<string, unknown> & { name: string };

export const variantAuditKey = (variant: { storage: string; colorName: string }) =>
  `variant:${variant.storage} / ${variant.colorName}`;

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
  const tiers = await tiersOf(
    tx,
    rows.map((row) => row.id),
  );
  const audited: AuditedProduct = { ...product };
  for (const row of rows) {
    audited[variantAuditKey(row)] = {
      price: row.price,
      stock: row.stock,
      color: row.color,
      sku: row.sku,
      mpn: row.mpn,
      // 'Precios por volumen' as staff typed them: '10: 5.00 %, 50: 25.00 %'.
      tiers: (tiers.get(row.id) ?? [])
        .map((tier) => `${tier.minQuantity}: ${tier.percentOff} %`)
        .join(', '),
    };
  }
  return audited;
}
