// What an imported file would do to the catalogue, worked out from a handful of set-based reads
// (all brands, all categories, the file's products, their variants) so a 10,000-row file costs
// four queries, not one per row. The preview shows it; the apply recomputes it inside its
// transaction with the file's products and their variants locked
// (docs/decisions/043-catalogue-import.md, 048-one-lock-order-for-stock.md).
import { inArray, sql } from 'drizzle-orm';
import { importMessages, messages } from '@shared/messages';
import { parseCents } from '@shared/money';
import type {
  ImportFieldChange,
  ImportPreview,
  ImportRowRef,
} from '@shared/schemas/catalog-import';
import { MAX_VARIANTS } from '@shared/schemas/product';
import { type Executor, queryRows } from '../../db/client';
import { brands, categories, products } from '../../db/schema';
import { selectProductVariants } from '../product-columns';
import { lockProductsWithVariants } from '../stock-locks';
import { LIST_SEPARATOR } from './export';
import type { InvalidRow, ParsedFile, ParsedRow } from './import-parse';

type ExistingVariant = {
  id: number;
  productId: number;
  storage: string;
  colorName: string;
  color: string;
  price: string;
  stock: number;
  sku: string;
  mpn: string | null;
};

/** The columns of a variant as the file sets them; a code left out is left as it is. */
export type VariantColumns = {
  storage: string;
  colorName: string;
  color: string;
  price: string;
  stock: number;
  sku?: string;
  /** null clears it; undefined (no mpn column) keeps it. */
  mpn?: string | null;
};

/** A product's own fields, with brand and category still by name (new ones get ids later). */
export type ProductFields = {
  name: string;
  brand: string;
  category: string;
  features: string[];
  images: string[];
};

export type ImportPlan = {
  invalid: InvalidRow[];
  /** Lower-cased name -> name as the file first wrote it, for brands and categories to create. */
  newBrands: Map<string, string>;
  newCategories: Map<string, string>;
  productCreates: (ProductFields & { slug: string; variants: VariantColumns[] })[];
  productUpdates: (ProductFields & { id: number })[];
  variantCreates: (VariantColumns & { productId: number })[];
  variantUpdates: (VariantColumns & { id: number })[];
  /** Every existing variant the file names: the stock read and its product's name. */
  matched: Map<number, { stock: number; productName: string }>;
  /** Every price the file changes, for the activity log; `isUnusual` past the factor. */
  priceChanges: (ImportRowRef & { before: string; after: string; isUnusual: boolean })[];
  rows: { create: ImportRowRef[]; update: ImportPreview['update']; unchanged: ImportRowRef[] };
};

const lower = (name: string) => name.toLocaleLowerCase('es');
const listText = (list: string[]) => list.join(` ${LIST_SEPARATOR} `);
const sameList = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: string[], b: string[]) => sameList([...a].sort(), [...b].sort());

const columnsOf = (row: ParsedRow): VariantColumns => ({
  storage: row.storage,
  colorName: row.colorName,
  color: row.color,
  price: row.price,
  stock: row.stock,
  ...(row.sku ? { sku: row.sku } : {}),
  ...(row.mpn === undefined ? {} : { mpn: row.mpn || null }),
});

/**
 * The variant that owns each SKU the file names, by upper-cased SKU: a row may give a SKU to
 * its own variant only (docs/decisions/064-skus.md).
 */
async function skuOwners(db: Executor, rows: ParsedRow[]) {
  const keys = [...new Set(rows.flatMap((row) => (row.sku ? [row.sku.toUpperCase()] : [])))];
  if (keys.length === 0) return new Map<string, number>();
  const owners = await queryRows<{ id: number; key: string }>(
    db,
    sql`select id, upper(sku) as key from variants where upper(sku) in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
  return new Map(owners.map((owner) => [owner.key, Number(owner.id)]));
}

/** Why a row's SKU cannot be written: repeated in the file, or another variant's. */
function skuProblem(
  row: ParsedRow,
  variantId: number | undefined,
  owners: Map<string, number>,
  firstLineOfSku: Map<string, number>,
): string | undefined {
  if (!row.sku) return undefined;
  const key = row.sku.toUpperCase();
  const first = firstLineOfSku.get(key);
  if (first !== undefined && first !== row.line) return importMessages.repeatedSku(first);
  firstLineOfSku.set(key, row.line);
  const owner = owners.get(key);
  return owner !== undefined && owner !== variantId ? importMessages.skuTaken : undefined;
}

const refOf = (row: ParsedRow): ImportRowRef => ({
  line: row.line,
  slug: row.slug,
  name: row.name,
  variant: `${row.storage} / ${row.colorName}`,
});

/**
 * A new price more than this many times the old one, or less than the old one divided by it, is
 * probably a typo (a misplaced decimal, cents typed as dollars): the preview flags it and the
 * apply needs it confirmed.
 */
export const UNUSUAL_PRICE_FACTOR = 3n;

export function isUnusualPriceChange(before: string, after: string) {
  const [was, is] = [parseCents(before), parseCents(after)];
  return is > was * UNUSUAL_PRICE_FACTOR || is * UNUSUAL_PRICE_FACTOR < was;
}

function change(changes: ImportFieldChange[], field: string, before: string, after: string) {
  if (before !== after) changes.push({ field, before, after });
}

async function readCatalog(db: Executor, slugs: string[], lock: boolean) {
  let locked: Set<number> | undefined;
  if (lock && slugs.length > 0) {
    // Locked until the apply commits, products then variants like every stock writer: a quote
    // reserving units of them waits for it, and what is read below cannot change under it.
    const named = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.slug, slugs));
    locked = new Set(
      await lockProductsWithVariants(
        db,
        named.map((row) => row.id),
      ),
    );
  }
  const [brandRows, categoryRows, readRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ id: categories.id, name: categories.name }).from(categories),
    slugs.length === 0
      ? []
      : db
          .select({
            id: products.id,
            slug: products.slug,
            name: products.name,
            brandId: products.brandId,
            categoryId: products.categoryId,
            features: products.features,
            images: products.images,
          })
          .from(products)
          .where(inArray(products.slug, slugs)),
  ]);
  // A product created since the lock is left out: planned as new, its insert fails on the
  // slug, and the apply answers that the catalogue changed.
  const productRows = locked ? readRows.filter((row) => locked.has(row.id)) : readRows;
  const productIds = productRows.map((row) => row.id);
  let variantRows: ExistingVariant[] = [];
  if (productIds.length > 0) variantRows = await selectProductVariants(db, productIds);
  const variantsOf = new Map<number, ExistingVariant[]>();
  for (const row of variantRows) {
    const list = variantsOf.get(row.productId) ?? [];
    list.push(row);
    variantsOf.set(row.productId, list);
  }
  return {
    brandByName: new Map(brandRows.map((row) => [lower(row.name), row])),
    brandById: new Map(brandRows.map((row) => [row.id, row.name])),
    categoryByName: new Map(categoryRows.map((row) => [lower(row.name), row])),
    categoryById: new Map(categoryRows.map((row) => [row.id, row.name])),
    productBySlug: new Map(productRows.map((row) => [row.slug, row])),
    variantsOf,
  };
}

/** Works out creates, updates and unchanged rows; `lock` for the apply's transaction. */
export async function planCatalogImport(
  db: Executor,
  file: ParsedFile,
  options: { createTaxonomies: boolean; lock: boolean },
): Promise<ImportPlan> {
  const bySlug = new Map<string, ParsedRow[]>();
  for (const row of file.rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
  const catalog = await readCatalog(db, [...bySlug.keys()], options.lock);
  const owners = await skuOwners(db, file.rows);
  const firstLineOfSku = new Map<string, number>();
  const plan: ImportPlan = {
    invalid: [...file.invalid],
    newBrands: new Map(),
    newCategories: new Map(),
    productCreates: [],
    productUpdates: [],
    variantCreates: [],
    variantUpdates: [],
    matched: new Map(),
    priceChanges: [],
    rows: { create: [], update: [], unchanged: [] },
  };

  for (const [slug, rows] of bySlug) {
    const first = rows[0]!;
    const product = catalog.productBySlug.get(slug);
    const reasons: string[] = [];
    const brand = catalog.brandByName.get(lower(first.brand));
    const category = catalog.categoryByName.get(lower(first.category));
    if (!brand && !options.createTaxonomies) reasons.push(importMessages.unknownBrand(first.brand));
    if (!category && !options.createTaxonomies) {
      reasons.push(importMessages.unknownCategory(first.category));
    }
    // Image files belong to their product and are managed by its form: the import keeps them.
    if (product && !sameSet(product.images, first.images)) {
      reasons.push(messages.importImagesChanged);
    }
    if (!product && first.images.length > 0) reasons.push(messages.importNewProductImages);
    if (reasons.length > 0) {
      const reason = reasons.join(' · ');
      plan.invalid.push(...rows.map((row) => ({ line: row.line, reason })));
      continue;
    }
    if (!brand) plan.newBrands.set(lower(first.brand), first.brand);
    if (!category) plan.newCategories.set(lower(first.category), first.category);
    const fields: ProductFields = {
      name: first.name,
      brand: brand?.name ?? first.brand,
      category: category?.name ?? first.category,
      features: first.features,
      images: first.images,
    };

    if (!product) {
      const skuRefused = rows.flatMap((row) => {
        const reason = skuProblem(row, undefined, owners, firstLineOfSku);
        return reason ? [{ line: row.line, reason }] : [];
      });
      if (skuRefused.length > 0) {
        plan.invalid.push(...skuRefused);
        continue;
      }
      const kept = rows.slice(0, MAX_VARIANTS);
      const refused = rows.slice(MAX_VARIANTS);
      plan.invalid.push(
        ...refused.map((row) => ({ line: row.line, reason: messages.importTooManyVariants })),
      );
      plan.productCreates.push({ ...fields, slug, variants: kept.map(columnsOf) });
      plan.rows.create.push(...kept.map(refOf));
      continue;
    }

    // The product's own changes are shown once, on its first row in the file.
    const productChanges: ImportFieldChange[] = [];
    change(productChanges, 'name', product.name, fields.name);
    change(productChanges, 'brand', catalog.brandById.get(product.brandId) ?? '', fields.brand);
    change(
      productChanges,
      'category',
      catalog.categoryById.get(product.categoryId) ?? '',
      fields.category,
    );
    change(productChanges, 'features', listText(product.features), listText(fields.features));
    change(productChanges, 'images', listText(product.images), listText(fields.images));
    if (productChanges.length > 0) plan.productUpdates.push({ ...fields, id: product.id });

    const existing = catalog.variantsOf.get(product.id) ?? [];
    let variantCount = existing.length;
    for (const row of rows) {
      const rowChanges = row === first ? [...productChanges] : [];
      const matches = existing.filter(
        (variant) => variant.storage === row.storage && variant.colorName === row.colorName,
      );
      const [variant] = matches;
      const skuReason = skuProblem(row, variant?.id, owners, firstLineOfSku);
      if (skuReason) {
        plan.invalid.push({ line: row.line, reason: skuReason });
      } else if (matches.length > 1) {
        plan.invalid.push({ line: row.line, reason: messages.importAmbiguousVariant });
      } else if (!variant) {
        variantCount += 1;
        if (variantCount > MAX_VARIANTS) {
          plan.invalid.push({ line: row.line, reason: messages.importTooManyVariants });
          continue;
        }
        plan.variantCreates.push({ ...columnsOf(row), productId: product.id });
        plan.rows.create.push(refOf(row));
      } else {
        plan.matched.set(variant.id, { stock: variant.stock, productName: product.name });
        const columns = columnsOf(row);
        const variantChanges: ImportFieldChange[] = [];
        change(variantChanges, 'color', variant.color, columns.color);
        change(variantChanges, 'price', variant.price, columns.price);
        if (variant.price !== columns.price) {
          plan.priceChanges.push({
            ...refOf(row),
            before: variant.price,
            after: columns.price,
            isUnusual: isUnusualPriceChange(variant.price, columns.price),
          });
        }
        change(variantChanges, 'stock', String(variant.stock), String(columns.stock));
        if (columns.sku !== undefined) change(variantChanges, 'sku', variant.sku, columns.sku);
        if (columns.mpn !== undefined) {
          change(variantChanges, 'mpn', variant.mpn ?? '', columns.mpn ?? '');
        }
        if (variantChanges.length > 0) plan.variantUpdates.push({ ...columns, id: variant.id });
        rowChanges.push(...variantChanges);
        if (rowChanges.length > 0) plan.rows.update.push({ ...refOf(row), changes: rowChanges });
        else plan.rows.unchanged.push(refOf(row));
      }
    }
  }
  plan.invalid.sort((a, b) => a.line - b.line);
  return plan;
}

/** What the preview answers: the plan's rows and the stock it read, nothing written. */
export function previewOf(plan: ImportPlan): ImportPreview {
  const { create, update, unchanged } = plan.rows;
  return {
    counts: {
      create: create.length,
      update: update.length,
      unchanged: unchanged.length,
      invalid: plan.invalid.length,
    },
    create,
    update,
    unchanged,
    invalid: plan.invalid,
    newBrands: [...plan.newBrands.values()],
    newCategories: [...plan.newCategories.values()],
    unusualPrices: plan.priceChanges
      .filter((change) => change.isUnusual)
      .map(({ isUnusual: _unusual, ...change }) => ({
        ...change,
        warning: importMessages.unusualPrice(change.before, change.after),
      })),
    stockRead: [...plan.matched].map(([id, read]) => [id, read.stock]),
  };
}
