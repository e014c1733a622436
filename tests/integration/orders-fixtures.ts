// Catalogue rows for the order tests and the quote benchmark, written straight to the tables.
import { brands, categories, orderItems, products, variants } from '@server/db/schema';
import type { Database } from '@server/db/client';

let sequence = 0;

export type TestVariant = { id: number; productId: number; productName: string; price: string };

/** A product with one variant per entry of `variantSpecs`, under a fresh brand and category. */
export async function createTestProduct(
  db: Database,
  variantSpecs: { stock: number; price: string; storage?: string; colorName?: string }[],
  name?: string,
): Promise<TestVariant[]> {
  sequence += 1;
  const suffix = `${Date.now()}-${sequence}-${Math.floor(Math.random() * 1e6)}`;
  const [brand] = await db
    .insert(brands)
    .values({ name: `Marca ${suffix}` })
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ name: `Categoría ${suffix}` })
    .returning();
  const productName = name ?? `Producto ${suffix}`;
  const [product] = await db
    .insert(products)
    .values({
      name: productName,
      slug: `producto-${suffix}`,
      description: { type: 'doc', content: [] },
      images: [
        `/uploads/products/${suffix}/a-1200.webp`,
        `/uploads/products/${suffix}/b-1200.webp`,
      ],
      brandId: brand!.id,
      categoryId: category!.id,
    })
    .returning();
  const rows = await db
    .insert(variants)
    .values(
      variantSpecs.map((spec, index) => ({
        productId: product!.id,
        price: spec.price,
        stock: spec.stock,
        storage: spec.storage ?? `${128 * (index + 1)} GB`,
        color: '#111111',
        colorName: spec.colorName ?? 'Negro',
      })),
    )
    .returning({ id: variants.id, price: variants.price });
  return rows.map((row) => ({ ...row, productId: product!.id, productName }));
}

/** One line of `quantity` units of `variant` on an order written as rows (not through a quote). */
export async function insertOrderLine(
  db: Database,
  orderId: number,
  variant: TestVariant,
  quantity: number,
) {
  await db.insert(orderItems).values({
    orderId,
    variantId: variant.id,
    productId: variant.productId,
    price: variant.price,
    quantity,
    productName: variant.productName,
    colorName: 'Negro',
    storage: '128 GB',
  });
}
