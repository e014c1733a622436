import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { messages, stockChangedMessage } from '@shared/messages';
import type { ProductInput, VariantInput } from '@shared/schemas/product';
import { slugCandidates } from '@shared/slug';
import { type Database, type Transaction } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgConstraintOf, pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/queries';
import { transactionRetried } from '../../db/transactions';
import {
  brands,
  categories,
  productPriceTiers,
  products,
  variantPriceTiers,
  variants,
} from '../../db/schema';
import { FieldError } from '../../validation';
import type { Storage } from '../../storage/storage';
import { changedFields, recordAudit } from '../infra/audit';
import { auditedProduct } from './product-audit';
import {
  assertImages,
  createImageWriter,
  type ImageUpload,
  productFolder,
  removeImages,
} from './product-images';
import { foundOrThrow } from '../infra/found';
import { lockProductsWithVariants } from './stock-locks';

type SaveDeps = { db: Database; storage: Storage };
/** The admin saving, recorded in the activity log. */
type SaveActor = { userId: number };

/**
 * Creates (no productId) or updates a product with its variants and images as one operation:
 * the rows change in one transaction and the files written on the way are removed again when
 * anything fails. Images the product no longer shows are deleted only after the commit.
 */
export async function saveProduct(
  deps: SaveDeps,
  productId: number | undefined,
  input: ProductInput,
  uploads: ImageUpload[],
  actor: SaveActor,
) {
  const uploadsByKey = matchUploads(input, uploads);
  await assertImages(uploads);

  let writer: ReturnType<typeof createImageWriter> | undefined;
  let createdId: number | undefined;
  /** What an attempt left outside the database: its files, a created product's folder. */
  const removeAttemptFiles = async () => {
    await writer?.removeWritten();
    // A rolled-back create leaves an empty folder whose id will never be used again. Failing
    // to remove it leaves an orphan folder: the answer stays the save's own failure.
    if (createdId !== undefined) {
      await deps.storage.removeFolder(productFolder(createdId)).catch(() => undefined);
    }
    writer = undefined;
    createdId = undefined;
  };
  try {
    const saved = await transactionRetried(
      deps.db,
      async (tx) => {
        await assertTaxonomiesExist(tx, input);
        await assertSkusFree(tx, input.variants, productId);
        const current = productId === undefined ? undefined : await lockProduct(tx, productId);
        const before = productId === undefined ? undefined : await auditedProduct(tx, productId);
        const previousImages = current?.images ?? [];
        const slug = await freeSlug(tx, input.slug, productId);
        const fields = {
          name: input.name,
          slug,
          features: input.features,
          description: input.description,
          brandId: input.brandId,
          categoryId: input.categoryId,
          ...(input.ivaRate ? { ivaRate: input.ivaRate } : {}),
        };
        let id: number;
        if (productId === undefined) {
          const [row] = await tx.insert(products).values(fields).returning({ id: products.id });
          id = createdId = row!.id;
        } else {
          id = productId;
          await tx.update(products).set(fields).where(eq(products.id, id));
        }
        await syncVariants(tx, id, input.variants, current?.name);
        await syncProductTiers(tx, id, input.tiers);

        writer = createImageWriter(deps.storage, id);
        const images: string[] = [];
        for (const ref of input.images) {
          if ('url' in ref) {
            if (!previousImages.includes(ref.url)) {
              throw new FieldError('images', messages.imageNotOwned);
            }
            images.push(ref.url);
          } else {
            images.push(await writer.write(uploadsByKey.get(ref.upload)!));
          }
        }
        await tx.update(products).set({ images }).where(eq(products.id, id));
        const after = await auditedProduct(tx, id);
        await recordAudit(tx, {
          userId: actor.userId,
          entityType: 'product',
          entityId: id,
          action: before ? 'update' : 'create',
          label: input.name,
          changes: changedFields(before, after),
        });
        return { id, slug, previousImages, images };
      },
      { beforeRetry: removeAttemptFiles },
    );
    const dropped = saved.previousImages.filter((url) => !saved.images.includes(url));
    const isOldImagesRemoved = await removeImages(deps.storage, dropped);
    return { id: saved.id, slug: saved.slug, isOldImagesRemoved };
  } catch (error) {
    await removeAttemptFiles();
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      // Another save took the SKU or the slug between our check and our write.
      if (pgConstraintOf(error) === SKU_UNIQUE_INDEX) {
        throw new FieldError('variants', messages.skuTaken, 409);
      }
      throw new FieldError('slug', messages.productSlugExhausted);
    }
    throw error;
  }
}

/** Each referenced upload has exactly one file, and no file comes unreferenced. */
function matchUploads(input: ProductInput, uploads: ImageUpload[]) {
  const byKey = new Map(uploads.map((upload) => [upload.key, upload]));
  const referenced = input.images.flatMap((ref) => ('upload' in ref ? [ref.upload] : []));
  const urls = input.images.flatMap((ref) => ('url' in ref ? [ref.url] : []));
  const isConsistent =
    byKey.size === uploads.length &&
    new Set(referenced).size === referenced.length &&
    new Set(urls).size === urls.length &&
    referenced.length === uploads.length &&
    referenced.every((key) => byKey.has(key));
  if (!isConsistent) throw new FieldError('images', messages.uploadMissing);
  return byKey;
}

async function assertTaxonomiesExist(tx: Transaction, input: ProductInput) {
  const [[brand], [category]] = await Promise.all([
    tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId)),
    tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)),
  ]);
  if (!brand) throw new FieldError('brandId', messages.brandMissing);
  if (!category) throw new FieldError('categoryId', messages.categoryMissing);
}

/**
 * Locks the product and its variants for the rest of the save, in the order every stock
 * writer follows (services/catalog/stock-locks.ts), and returns its current name and images.
 */
async function lockProduct(tx: Transaction, id: number) {
  await lockProductsWithVariants(tx, [id]);
  return foundOrThrow(
    tx
      .select({ name: products.name, images: products.images })
      .from(products)
      .where(eq(products.id, id)),
    messages.productNotFound,
  );
}

/** The wanted slug, or the first of wanted-1 ... wanted-99 that no other product uses. */
async function freeSlug(tx: Transaction, wanted: string, productId: number | undefined) {
  const candidates = slugCandidates(wanted);
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        inArray(products.slug, candidates),
        productId === undefined ? undefined : ne(products.id, productId),
      ),
    );
  const takenSet = new Set(taken.map((row) => row.slug));
  const slug = candidates.find((candidate) => !takenSet.has(candidate));
  if (!slug) throw new FieldError('slug', messages.productSlugExhausted);
  return slug;
}

/** The unique index that keeps SKUs apart, whatever their case (db/schema/catalog.ts). */
const SKU_UNIQUE_INDEX = 'variants_sku_upper_unique';

/**
 * A SKU typed for a variant must not be another product's: refused under that variant's SKU
 * field. Variants of this product may trade SKUs among themselves only by way of a save that
 * frees one first (the unique index checks each row as it is written).
 */
async function assertSkusFree(
  tx: Transaction,
  wanted: VariantInput[],
  productId: number | undefined,
) {
  const typed = wanted.flatMap((variant, index) =>
    variant.sku ? [{ index, key: variant.sku.toUpperCase() }] : [],
  );
  if (typed.length === 0) return;
  const taken = await queryRows<{ key: string }>(
    tx,
    sql`select upper(sku) as key from variants
        where upper(sku) in (${sql.join(
          typed.map((entry) => sql`${entry.key}`),
          sql`, `,
        )}) ${productId === undefined ? sql`` : sql`and product_id <> ${productId}`}`,
  );
  const takenKeys = new Set(taken.map((row) => row.key));
  const clash = typed.find((entry) => takenKeys.has(entry.key));
  if (clash) throw new FieldError(`variants.${clash.index}.sku`, messages.skuTaken, 409);
}

/** A blank SKU leaves the stored one (or, for a new variant, the database's numbering). */
const variantColumns = (variant: VariantInput) => ({
  price: variant.price,
  stock: variant.stock,
  storage: variant.storage,
  color: variant.color,
  colorName: variant.colorName,
  mpn: variant.mpn || null,
  ...(variant.sku ? { sku: variant.sku } : {}),
});

/**
 * Replaces the volume prices of the variants whose input carries `tiers` (an input without
 * them, e.g. from an older form, keeps what is stored).
 */
async function syncTiers(tx: Transaction, saved: { id: number; variant: VariantInput }[]) {
  const given = saved.filter((entry) => entry.variant.tiers !== undefined);
  if (given.length === 0) return;
  await tx.delete(variantPriceTiers).where(
    inArray(
      variantPriceTiers.variantId,
      given.map((entry) => entry.id),
    ),
  );
  const rows = given.flatMap((entry) =>
    (entry.variant.tiers ?? []).map((tier) => ({
      variantId: entry.id,
      minQuantity: tier.minQuantity,
      percentOff: tier.percentOff,
    })),
  );
  if (rows.length > 0) await tx.insert(variantPriceTiers).values(rows);
}

/**
 * Replaces the product's own volume prices ('Para todas las variantes'; decision 093) when the
 * input carries them; absent keeps what is stored, like a variant's.
 */
async function syncProductTiers(tx: Transaction, productId: number, tiers: ProductInput['tiers']) {
  if (tiers === undefined) return;
  await tx.delete(productPriceTiers).where(eq(productPriceTiers.productId, productId));
  if (tiers.length === 0) return;
  await tx.insert(productPriceTiers).values(
    tiers.map((tier) => ({
      productId,
      minQuantity: tier.minQuantity,
      percentOff: tier.percentOff,
    })),
  );
}

/**
 * Updates the variants that keep their id, inserts the new ones, deletes the rest. An updated
 * variant's stock must still be what the form read (`stockRead`): a quote reserving units
 * while the admin edits makes the whole save fail rather than undo the reservation.
 * `productName` is the stored name, present on updates only.
 */
async function syncVariants(
  tx: Transaction,
  productId: number,
  wanted: VariantInput[],
  productName: string | undefined,
) {
  const isUpdate = productName !== undefined;
  const saved: { id: number; variant: VariantInput }[] = [];
  if (isUpdate) {
    const keptIds = wanted.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
    const existing = await tx
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, productId));
    const existingIds = new Set(existing.map((row) => row.id));
    if (new Set(keptIds).size !== keptIds.length || keptIds.some((id) => !existingIds.has(id))) {
      throw new FieldError('variants', messages.variantNotFound);
    }
    await tx
      .delete(variants)
      .where(
        keptIds.length > 0
          ? and(eq(variants.productId, productId), notInArray(variants.id, keptIds))
          : eq(variants.productId, productId),
      );
    for (const [index, variant] of wanted.entries()) {
      if (variant.id === undefined) continue;
      if (variant.stockRead === undefined) {
        throw new FieldError(`variants.${index}.stock`, messages.stockReadMissing);
      }
      const updated = await tx
        .update(variants)
        .set(variantColumns(variant))
        .where(
          and(
            eq(variants.id, variant.id),
            eq(variants.productId, productId),
            eq(variants.stock, variant.stockRead),
          ),
        )
        .returning({ id: variants.id });
      if (updated.length === 0) {
        // Told once for the whole list: the message is too long for a stock field's column.
        throw new FieldError('variants', stockChangedMessage(productName), 409);
      }
      saved.push({ id: variant.id, variant });
    }
  }
  const added = isUpdate ? wanted.filter((variant) => variant.id === undefined) : wanted;
  // One by one (a product has at most 50): each new id must meet its own volume prices, and
  // PostgreSQL does not promise RETURNING in the order of VALUES.
  for (const variant of added) {
    const [row] = await tx
      .insert(variants)
      .values({ productId, ...variantColumns(variant) })
      .returning({ id: variants.id });
    saved.push({ id: row!.id, variant });
  }
  await syncTiers(tx, saved);
}
