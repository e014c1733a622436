// The apply's writes, inside its transaction: `batchRows` rows per statement, each batch a
// JSON document read by jsonb_to_recordset, with the products' lowest price and card refreshed
// once per product at the end instead of once per variant written
// (docs/decisions/069-a-catalogue-import-at-scale.md).
import { sql } from 'drizzle-orm';
import { EMPTY_DESCRIPTION } from '@shared/schemas/rich-text';
import { queryRows } from '../../../db/queries';
import { type Transaction } from '../../../db/client';
import { brands, categories, products, variants } from '../../../db/schema';
import { intArray, jsonParam } from './bulk-sql';
import type { ImportPlan, VariantColumns } from './import-plan';
import { slices, turnTaker } from './turns';

/** Creates the missing names and answers every id by lower-cased name. */
async function taxonomyIds(
  tx: Transaction,
  table: typeof brands | typeof categories,
  missing: Map<string, string>,
  batchRows: number,
) {
  for (const names of slices([...missing.values()], batchRows)) {
    await tx
      .insert(table)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
  }
  const rows = await tx.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((row) => [row.name.toLocaleLowerCase('es'), row.id]));
}

type VariantInsert = VariantColumns & { productId: number };

/**
 * New variants as one JSON document per statement. A variant the file gives no SKU takes the
 * column's default (the store's next TD-… code), so those go in a statement without the column.
 */
async function insertVariants(tx: Transaction, batch: VariantInsert[]) {
  const row = (variant: VariantInsert) => ({
    productId: variant.productId,
    price: variant.price,
    stock: variant.stock,
    storage: variant.storage,
    color: variant.color,
    colorName: variant.colorName,
    sku: variant.sku,
    mpn: variant.mpn ?? null,
  });
  const withSku = batch.filter((variant) => variant.sku !== undefined).map(row);
  const withoutSku = batch.filter((variant) => variant.sku === undefined).map(row);
  const columns = sql`x."productId", x.price, x.stock, x.storage, x.color, x."colorName"`;
  const recordset = (rows: ReturnType<typeof row>[]) =>
    sql`jsonb_to_recordset(${jsonParam(rows)}) as x("productId" integer, price numeric(12, 2),
        stock integer, storage text, color text, "colorName" text, sku text, mpn text)`;
  if (withSku.length > 0) {
    await tx.execute(sql`
      insert into ${variants} (product_id, price, stock, storage, color, color_name, sku, mpn)
      select ${columns}, x.sku, x.mpn from ${recordset(withSku)}`);
  }
  if (withoutSku.length > 0) {
    await tx.execute(sql`
      insert into ${variants} (product_id, price, stock, storage, color, color_name, mpn)
      select ${columns}, x.mpn from ${recordset(withoutSku)}`);
  }
}

/**
 * Variant writes of this transaction leave their products' lowest price and card alone
 * (migration import_deferred_product_refresh): refreshProducts does it once per product.
 * `set local`: the setting ends with the transaction, so no later write of this connection
 * skips its refresh.
 */
const deferProductRefresh = (tx: Transaction) =>
  tx.execute(sql`set local tienda.defer_product_refresh = 'on'`);

/**
 * The lowest price of these products from their variants, which also rebuilds their cards
 * (products_build_card): what each variant write would have done, once per product.
 */
async function refreshProducts(tx: Transaction, productIds: Set<number>, batchRows: number) {
  const ascending = [...productIds].sort((a, b) => a - b);
  for (const ids of slices(ascending, batchRows)) {
    await tx.execute(sql`
      update ${products} p set min_price = m.price
      from (select product_id, min(price) as price from ${variants}
            where product_id = any(${intArray(ids)}) group by product_id) m
      where p.id = m.product_id`);
  }
}

/**
 * Every write of the plan, `batchRows` rows per statement, in one transaction: a batch may end
 * inside a product (its variants then go in two statements), which changes nothing, since
 * each statement writes its own rows whole, the products are refreshed after all of them,
 * and the commit makes everything visible together.
 */
export async function writePlan(tx: Transaction, plan: ImportPlan, batchRows: number) {
  const takeTurn = turnTaker();
  const brandIds = await taxonomyIds(tx, brands, plan.newBrands, batchRows);
  const categoryIds = await taxonomyIds(tx, categories, plan.newCategories, batchRows);
  const idsOf = (fields: { brand: string; category: string }) => ({
    brandId: brandIds.get(fields.brand.toLocaleLowerCase('es'))!,
    categoryId: categoryIds.get(fields.category.toLocaleLowerCase('es'))!,
  });

  // Updates travel as one JSON document per batch: a thousand rows are one statement.
  for (const batch of slices(plan.productUpdates, batchRows)) {
    const rows = batch.map((product) => ({
      id: product.id,
      name: product.name,
      features: product.features,
      images: product.images,
      ...idsOf(product),
    }));
    await tx.execute(sql`
      update ${products} set name = x.name, brand_id = x."brandId", category_id = x."categoryId",
        features = x.features, images = x.images, updated_at = now()
      from jsonb_to_recordset(${jsonParam(rows)})
        as x(id integer, name text, "brandId" integer, "categoryId" integer, features jsonb, images jsonb)
      where ${products.id} = x.id`);
    await takeTurn();
  }

  const newVariants: VariantInsert[] = [...plan.variantCreates];
  for (const batch of slices(plan.productCreates, batchRows)) {
    const rows = batch.map((product) => ({
      name: product.name,
      slug: product.slug,
      features: product.features,
      ...idsOf(product),
    }));
    // New products start without images and with an empty description (decision 043).
    const inserted = await queryRows<{ id: number; slug: string }>(
      tx,
      sql`insert into ${products} (name, slug, features, images, description, brand_id, category_id)
          select x.name, x.slug, x.features, '[]'::jsonb, ${jsonParam(EMPTY_DESCRIPTION)},
                 x."brandId", x."categoryId"
          from jsonb_to_recordset(${jsonParam(rows)})
            as x(name text, slug text, features jsonb, "brandId" integer, "categoryId" integer)
          returning id, slug`,
    );
    const idBySlug = new Map(inserted.map((row) => [row.slug, Number(row.id)]));
    for (const product of batch) {
      const productId = idBySlug.get(product.slug)!;
      for (const variant of product.variants) newVariants.push({ ...variant, productId });
    }
    await takeTurn();
  }

  const written = new Set<number>();
  await deferProductRefresh(tx);
  for (const batch of slices(newVariants, batchRows)) {
    await insertVariants(tx, batch);
    for (const variant of batch) written.add(variant.productId);
    await takeTurn();
  }
  for (const batch of slices(plan.variantUpdates, batchRows)) {
    const rows = batch.map(({ id, color, price, stock, sku, mpn }) => ({
      id,
      color,
      price,
      stock,
      sku: sku ?? null,
      // A code the file left out keeps its value: only a given MPN (null clears) is written.
      mpnGiven: mpn !== undefined,
      mpn: mpn ?? null,
    }));
    await tx.execute(sql`
      update ${variants} set color = x.color, price = x.price, stock = x.stock,
        sku = coalesce(x.sku, ${variants.sku}),
        mpn = case when x."mpnGiven" then x.mpn else ${variants.mpn} end
      from jsonb_to_recordset(${jsonParam(rows)})
        as x(id integer, color text, price numeric(12, 2), stock integer, sku text,
             "mpnGiven" boolean, mpn text)
      where ${variants.id} = x.id`);
    for (const variant of batch) written.add(variant.productId);
    await takeTurn();
  }
  await refreshProducts(tx, written, batchRows);
}
