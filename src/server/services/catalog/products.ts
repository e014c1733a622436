import { TRPCError } from '@trpc/server';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { ADMIN_PRODUCTS_PAGE_SIZE } from '@shared/schemas/product';
import { type Database } from '../../db/client';
import { transactionRetried } from '../../db/transactions';
import { paginate } from '../../db/paginate';
import { brands, categories, products, variants } from '../../db/schema';
import { changedFields, recordAudit } from '../infra/audit';
import { auditedProduct } from './product-audit';
import { selectProductVariants } from './product-columns';
import type { Storage } from '../../storage/storage';
import { containsPattern } from './catalog-search';
import { productFolder } from './product-images';
import { foundOrThrow } from '../infra/found';
import { ownTiersOf, productTiersOf } from '../pricing/pricing';
import { lockProductsWithVariants } from './stock-locks';

/** Name or slug (the generated search column), brand or category contains the term, accents aside. */
function adminSearchFilter(term: string): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return sql`(${products.searchText} like ${pattern}
    or immutable_unaccent(lower(${brands.name})) like ${pattern}
    or immutable_unaccent(lower(${categories.name})) like ${pattern})`;
}

/** One page of the dashboard products table, newest first, with every variant of each row. */
export async function listAdminProducts(db: Database, input: { page: number; search: string }) {
  const where = adminSearchFilter(input.search);
  const query = db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      image: sql<string | null>`${products.images} ->> 0`,
      brandName: brands.name,
      categoryName: categories.name,
      createdAt: products.createdAt,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .$dynamic();
  const total = db
    .select({ value: count() })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .then(([row]) => row?.value ?? 0);
  const result = await paginate(query, total, input.page, ADMIN_PRODUCTS_PAGE_SIZE);
  const variantRows = await variantsOf(
    db,
    result.items.map((row) => row.id),
  );
  return {
    ...result,
    items: result.items.map((row) => ({
      ...row,
      variants: variantRows.filter((variant) => variant.productId === row.id),
    })),
  };
}

function variantsOf(db: Database, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return selectProductVariants(db, productIds);
}

/** Everything the edit form shows, by slug. */
export async function getAdminProduct(db: Database, slug: string) {
  const product = await foundOrThrow(
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        features: products.features,
        description: products.description,
        images: products.images,
        brandId: products.brandId,
        categoryId: products.categoryId,
        ivaRate: products.ivaRate,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(eq(products.slug, slug)),
    messages.productNotFound,
  );
  const productVariants = await variantsOf(db, [product.id]);
  // What staff typed: the product's tiers and each variant's own, not the ones that price it.
  const tiers = await ownTiersOf(
    db,
    productVariants.map((variant) => variant.id),
  );
  return {
    ...product,
    tiers: await productTiersOf(db, product.id),
    variants: productVariants.map(({ productId: _productId, ...variant }) => ({
      ...variant,
      tiers: tiers.get(variant.id) ?? [],
    })),
  };
}

/**
 * Deletes the product and its variants. Past orders keep their lines: order_items hold a
 * snapshot and their variant/product references become null
 * (docs/decisions/017-order-lines-keep-a-snapshot.md). The image folder goes after the commit,
 * so a failed delete never loses files.
 */
export async function deleteProduct(
  deps: { db: Database; storage: Storage },
  id: number,
  userId: number,
) {
  let deleted: { id: number }[];
  try {
    deleted = await transactionRetried(deps.db, async (tx) => {
      // Deleting the variants first writes the product (its card): locked first, like every
      // writer of these rows does (services/catalog/stock-locks.ts).
      await lockProductsWithVariants(tx, [id]);
      const before = await auditedProduct(tx, id);
      await tx.delete(variants).where(eq(variants.productId, id));
      const rows = await tx
        .delete(products)
        .where(eq(products.id, id))
        .returning({ id: products.id });
      if (before) {
        await recordAudit(tx, {
          userId,
          entityType: 'product',
          entityId: id,
          action: 'delete',
          label: before.name,
          changes: changedFields(before, {}),
        });
      }
      return rows;
    });
  } catch (error) {
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: messages.productDeleteDbFailed,
      cause: error,
    });
  }
  if (deleted.length === 0) {
    throw new TRPCError({ code: 'NOT_FOUND', message: messages.productNotFound });
  }
  await deps.storage.removeFolder(productFolder(id));
  return { id };
}
