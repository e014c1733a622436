// The catalogue an imported file names, read set-based in batches of keys: a 100,000-row file
// names up to 100,000 slugs and SKUs, and one query per key would be 100,000 round trips
// (docs/decisions/043-catalogue-import.md, 069-a-catalogue-import-at-scale.md).
import { asc, sql } from 'drizzle-orm';
import { type Executor } from '../../../db/client';
import { queryRows } from '../../../db/queries';
import { brands, categories, products, variants } from '../../../db/schema';
import { variantValueColumns } from '../product-columns';
import { lockProductsWithVariantVersions, rowVersion } from '../stock-locks';
import { intArray, textList } from './bulk-sql';
import { slices, turnTaker } from './turns';

/** Keys per read: each answer (up to four variants a key) is parsed while the loop waits. */
const READ_BATCH = 2_000;

export type ExistingVariant = {
  id: number;
  productId: number;
  storage: string;
  colorName: string;
  color: string;
  price: string;
  stock: number;
  sku: string;
  mpn: string | null;
  /** The row's version when read (stock-locks.ts: rowVersion). */
  version: string;
};

type ProductRow = {
  id: number;
  slug: string;
  name: string;
  brandId: number;
  categoryId: number;
  features: string[];
  images: string[];
  version: string;
};

const lower = (name: string) => name.toLocaleLowerCase('es');

/**
 * The variant that owns each SKU the file names, by upper-cased SKU: a row may give a SKU to
 * its own variant only (docs/decisions/064-skus.md).
 */
export async function skuOwners(db: Executor, skus: Iterable<string>) {
  const owners = new Map<string, number>();
  for (const keys of slices([...new Set(skus)], READ_BATCH)) {
    const rows = await queryRows<{ id: number; key: string }>(
      db,
      sql`select id, upper(sku) as key from variants where upper(sku) in ${textList(keys)}`,
    );
    for (const row of rows) owners.set(row.key, Number(row.id));
  }
  return owners;
}

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  brandId: products.brandId,
  categoryId: products.categoryId,
  features: products.features,
  images: products.images,
  version: rowVersion,
};

async function productsBySlug(db: Executor, slugs: string[]) {
  const found: ProductRow[] = [];
  for (const batch of slices(slugs, READ_BATCH)) {
    const where = sql`${products.slug} in ${textList(batch)}`;
    found.push(...(await db.select(productColumns).from(products).where(where)));
  }
  return found;
}

async function productsById(db: Executor, ids: number[]) {
  const found: ProductRow[] = [];
  for (const batch of slices(ids, READ_BATCH)) {
    const where = sql`${products.id} = any(${intArray(batch)})`;
    found.push(...(await db.select(productColumns).from(products).where(where)));
  }
  return found;
}

/** The variants of these products, by product. */
async function variantsOfProducts(db: Executor, productIds: number[]) {
  const variantsOf = new Map<number, ExistingVariant[]>();
  for (const batch of slices(productIds, READ_BATCH)) {
    const rows = await db
      .select({
        id: variants.id,
        productId: variants.productId,
        ...variantValueColumns,
        version: rowVersion,
      })
      .from(variants)
      .where(sql`${variants.productId} = any(${intArray(batch)})`)
      .orderBy(asc(variants.id));
    for (const row of rows) {
      const list = variantsOf.get(row.productId);
      if (list) list.push(row);
      else variantsOf.set(row.productId, [row]);
    }
  }
  return variantsOf;
}

/** All brands and categories, the file's products by slug and their variants. */
export async function readCatalog(db: Executor, slugs: string[]) {
  const productRows = await productsBySlug(db, slugs);
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories);
  const variantsOf = await variantsOfProducts(
    db,
    productRows.map((row) => row.id),
  );
  return {
    brandByName: new Map(brandRows.map((row) => [lower(row.name), row])),
    brandById: new Map(brandRows.map((row) => [row.id, row.name])),
    categoryByName: new Map(categoryRows.map((row) => [lower(row.name), row])),
    categoryById: new Map(categoryRows.map((row) => [row.id, row.name])),
    productBySlug: new Map(productRows.map((row) => [row.slug, row])),
    variantsOf,
  };
}

export type CatalogRead = Awaited<ReturnType<typeof readCatalog>>;
export type ReadProduct = ProductRow;

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

const sameProduct = (a: ProductRow, b: ProductRow) =>
  a.slug === b.slug &&
  a.name === b.name &&
  a.brandId === b.brandId &&
  a.categoryId === b.categoryId &&
  sameList(a.features, b.features) &&
  sameList(a.images, b.images);

/** Everything but the stock, which a quote may have moved (named apart). */
const sameVariant = (a: ExistingVariant, b: ExistingVariant) =>
  a.id === b.id &&
  a.storage === b.storage &&
  a.colorName === b.colorName &&
  a.color === b.color &&
  a.price === b.price &&
  a.sku === b.sku &&
  a.mpn === b.mpn;

/**
 * Locks `products` (the existing products the apply writes) and all their variants, in the one
 * order of docs/decisions/048-one-lock-order-for-stock.md, until the commit: a quote reserving
 * units of them waits for it. Then answers how they differ from `read`, what the plan was made
 * from: products gone or changed, and the names of those with a variant's stock moved. Only
 * the rows whose version moved since the read are read again. Products the file names but
 * leaves as they are stay unlocked.
 */
export async function lockAsRead(db: Executor, read: CatalogRead, products: ProductRow[]) {
  const locked = await lockProductsWithVariantVersions(
    db,
    products.map((product) => product.id),
  );
  const moved = new Set<number>();
  const productVersions = new Map(locked.products.map((row) => [row.id, row.version]));
  for (const product of products) {
    if (productVersions.get(product.id) !== product.version) moved.add(product.id);
  }
  const readVariants = new Map<number, string>();
  for (const product of products) {
    for (const variant of read.variantsOf.get(product.id) ?? []) {
      readVariants.set(variant.id, variant.version);
    }
  }
  for (const variant of locked.variants) {
    if (readVariants.get(variant.id) !== variant.version) moved.add(variant.productId);
  }
  if (locked.variants.length !== readVariants.size) {
    for (const product of products) moved.add(product.id);
  }
  if (moved.size === 0) return { isChanged: false, stockMoved: [] as string[] };

  const suspects = products.filter((product) => moved.has(product.id));
  const ids = suspects.map((product) => product.id);
  const now = new Map((await productsById(db, ids)).map((row) => [row.id, row]));
  const variantsNow = await variantsOfProducts(db, ids);
  let isChanged = false;
  const stockMoved = new Set<string>();
  const takeTurn = turnTaker();
  for (const product of suspects) {
    const current = now.get(product.id);
    const before = read.variantsOf.get(product.id) ?? [];
    const after = variantsNow.get(product.id) ?? [];
    if (!current || !sameProduct(current, product) || before.length !== after.length) {
      isChanged = true;
      continue;
    }
    before.forEach((variant, index) => {
      if (!sameVariant(variant, after[index]!)) isChanged = true;
      else if (after[index]!.stock !== variant.stock) stockMoved.add(product.name);
    });
    await takeTurn();
  }
  return { isChanged, stockMoved: [...stockMoved] };
}
