// What an imported file would do to the catalogue, worked out from set-based reads in batches
// (all brands, all categories, the file's products, their variants, the SKUs it names), never
// one query per row. The preview shows it; the apply recomputes it inside its transaction, then
// locks the products it writes and checks they are still as read
// (docs/decisions/043-catalogue-import.md, 069-a-catalogue-import-at-scale.md).
import { importMessages, messages } from '@shared/messages';
import { parseCents } from '@shared/money';
import {
  IMPORT_PREVIEW_EXAMPLES,
  type ImportFieldChange,
  type ImportPreview,
  type ImportRowRef,
} from '@shared/schemas/catalog-import';
import { MAX_VARIANTS } from '@shared/schemas/product';
import type { Executor } from '../../../db/client';
import { LIST_SEPARATOR } from './export';
import type { InvalidRow, ParsedFile, ParsedRow } from './import-parse';
import { type CatalogRead, type ReadProduct, readCatalog, skuOwners } from './import-read';
import {
  firstInvalid,
  type PlanSummary,
  priceCollector,
  type PriceChanges,
  summaryCollector,
} from './import-summary';
import { turnTaker } from './turns';

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
  variantUpdates: (VariantColumns & { id: number; productId: number })[];
  /** Every existing variant the file names: the stock read and its product's name. */
  matched: Map<number, { stock: number; productName: string }>;
  /** Every price the file changes, counted, with those the log and the preview show. */
  prices: PriceChanges;
  /** How many rows create, update or leave a variant as it is. */
  counts: { create: number; update: number; unchanged: number };
  /** The preview's examples of each kind of row. */
  summary: PlanSummary;
  /** What the plan was made from, and the existing products it writes (the apply locks them). */
  read: CatalogRead;
  writtenProducts: ReadProduct[];
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

type Planning = {
  plan: ImportPlan;
  catalog: CatalogRead;
  owners: Map<string, number>;
  firstLineOfSku: Map<string, number>;
  rows: ReturnType<typeof summaryCollector>;
  createTaxonomies: boolean;
};

/** The rows of one slug: refused together, or a new product, or changes to an existing one. */
function planProduct(planning: Planning, slug: string, rows: ParsedRow[]) {
  const { plan, catalog } = planning;
  const first = rows[0]!;
  const product = catalog.productBySlug.get(slug);
  const reasons: string[] = [];
  const brand = catalog.brandByName.get(lower(first.brand));
  const category = catalog.categoryByName.get(lower(first.category));
  if (!brand && !planning.createTaxonomies) reasons.push(importMessages.unknownBrand(first.brand));
  if (!category && !planning.createTaxonomies) {
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
    return;
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
  if (product) planExistingProduct(planning, product, fields, rows);
  else planNewProduct(planning, slug, fields, rows);
}

function planNewProduct(
  planning: Planning,
  slug: string,
  fields: ProductFields,
  rows: ParsedRow[],
) {
  const { plan } = planning;
  const skuRefused = rows.flatMap((row) => {
    const reason = skuProblem(row, undefined, planning.owners, planning.firstLineOfSku);
    return reason ? [{ line: row.line, reason }] : [];
  });
  if (skuRefused.length > 0) {
    plan.invalid.push(...skuRefused);
    return;
  }
  const kept = rows.slice(0, MAX_VARIANTS);
  const refused = rows.slice(MAX_VARIANTS);
  plan.invalid.push(
    ...refused.map((row) => ({ line: row.line, reason: messages.importTooManyVariants })),
  );
  plan.productCreates.push({ ...fields, slug, variants: kept.map(columnsOf) });
  for (const row of kept) planning.rows.created(refOf(row));
}

function planExistingProduct(
  planning: Planning,
  product: CatalogRead['productBySlug'] extends Map<string, infer P> ? P : never,
  fields: ProductFields,
  rows: ParsedRow[],
) {
  const { plan, catalog } = planning;
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
    const rowChanges = row === rows[0] ? [...productChanges] : [];
    const matches = existing.filter(
      (variant) => variant.storage === row.storage && variant.colorName === row.colorName,
    );
    const [variant] = matches;
    const skuReason = skuProblem(row, variant?.id, planning.owners, planning.firstLineOfSku);
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
      planning.rows.created(refOf(row));
    } else {
      plan.matched.set(variant.id, { stock: variant.stock, productName: product.name });
      const columns = columnsOf(row);
      const variantChanges: ImportFieldChange[] = [];
      change(variantChanges, 'color', variant.color, columns.color);
      change(variantChanges, 'price', variant.price, columns.price);
      if (variant.price !== columns.price) {
        plan.prices.add(
          { ...refOf(row), before: variant.price, after: columns.price },
          isUnusualPriceChange(variant.price, columns.price),
        );
      }
      change(variantChanges, 'stock', String(variant.stock), String(columns.stock));
      if (columns.sku !== undefined) change(variantChanges, 'sku', variant.sku, columns.sku);
      if (columns.mpn !== undefined) {
        change(variantChanges, 'mpn', variant.mpn ?? '', columns.mpn ?? '');
      }
      if (variantChanges.length > 0) {
        plan.variantUpdates.push({ ...columns, id: variant.id, productId: product.id });
      }
      rowChanges.push(...variantChanges);
      if (rowChanges.length > 0) planning.rows.updated({ ...refOf(row), changes: rowChanges });
      else planning.rows.unchanged(refOf(row));
    }
  }
}

/** The existing products the plan writes: new variants, changed variants or own fields. */
function writtenProducts(plan: ImportPlan) {
  const ids = new Set([
    ...plan.productUpdates.map((product) => product.id),
    ...plan.variantCreates.map((variant) => variant.productId),
    ...plan.variantUpdates.map((variant) => variant.productId),
  ]);
  return [...plan.read.productBySlug.values()].filter((product) => ids.has(product.id));
}

/** Works out creates, updates and unchanged rows; writes and locks nothing. */
export async function planCatalogImport(
  db: Executor,
  file: ParsedFile,
  options: { createTaxonomies: boolean },
): Promise<ImportPlan> {
  const bySlug = new Map<string, ParsedRow[]>();
  for (const row of file.rows) {
    const rows = bySlug.get(row.slug);
    if (rows) rows.push(row);
    else bySlug.set(row.slug, [row]);
  }
  const catalog = await readCatalog(db, [...bySlug.keys()]);
  const owners = await skuOwners(
    db,
    file.rows.flatMap((row) => (row.sku ? [row.sku.toUpperCase()] : [])),
  );
  const rows = summaryCollector();
  const plan: ImportPlan = {
    invalid: [...file.invalid],
    newBrands: new Map(),
    newCategories: new Map(),
    productCreates: [],
    productUpdates: [],
    variantCreates: [],
    variantUpdates: [],
    matched: new Map(),
    prices: priceCollector(),
    counts: rows.counts,
    summary: { changedFields: [], create: [], update: [], unchanged: [] },
    read: catalog,
    writtenProducts: [],
  };
  const planning: Planning = {
    plan,
    catalog,
    owners,
    firstLineOfSku: new Map(),
    rows,
    createTaxonomies: options.createTaxonomies,
  };
  const takeTurn = turnTaker();
  for (const [slug, productRows] of bySlug) {
    planProduct(planning, slug, productRows);
    await takeTurn();
  }
  plan.summary = rows.summary();
  plan.writtenProducts = writtenProducts(plan);
  return plan;
}

/** What the preview answers: every count, examples of each kind, the stock it read. */
export function previewOf(plan: ImportPlan): ImportPreview {
  const newBrands = [...plan.newBrands.values()];
  const newCategories = [...plan.newCategories.values()];
  return {
    counts: { ...plan.counts, invalid: plan.invalid.length },
    totals: {
      unusualPrices: plan.prices.unusualCount,
      newBrands: newBrands.length,
      newCategories: newCategories.length,
    },
    ...plan.summary,
    invalid: firstInvalid(plan.invalid),
    newBrands: newBrands.slice(0, IMPORT_PREVIEW_EXAMPLES),
    newCategories: newCategories.slice(0, IMPORT_PREVIEW_EXAMPLES),
    unusualPrices: plan.prices.unusualExamples(),
    stockRead: [...plan.matched].map(([id, read]) => [id, read.stock]),
  };
}
