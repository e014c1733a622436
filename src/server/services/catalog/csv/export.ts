// The catalogue as a spreadsheet: one row per variant, read in batches and written as it goes,
// so the whole catalogue is never one string in memory. ';' and a UTF-8 BOM are what Excel in
// Spanish (Uruguay) opens without asking (docs/decisions/037-catalogue-csv.md).
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { brands, categories, products, variants } from '../../../db/schema';
import { csvDownloadStream } from '../../infra/csv-download';
import { productTextColumns, variantValueColumns } from '../product-columns';

export const CATALOG_CSV_COLUMNS = [
  'slug',
  'nombre',
  'marca',
  'categoria',
  'caracteristicas',
  'almacenamiento',
  'color',
  'color_hex',
  'precio',
  'stock',
  'imagenes',
  // Last, and optional on import: files written before SKUs still import (064-skus.md).
  'sku',
  'mpn',
] as const;

/** Columns an imported file may leave out: its variants keep what they have. */
export const OPTIONAL_CSV_COLUMNS: readonly (typeof CATALOG_CSV_COLUMNS)[number][] = ['sku', 'mpn'];

/** Features and image URLs share one cell each, separated by this. */
export const LIST_SEPARATOR = '|';
const BATCH = 500;

async function* catalogRows(db: Database) {
  let after = { productId: 0, variantId: 0 };
  for (;;) {
    const rows = await db
      .select({
        productId: products.id,
        variantId: variants.id,
        ...productTextColumns,
        ...variantValueColumns,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      // The products' bound is implied by the variants' one, but the planner does not derive
      // it: without it, each batch merge-joined the products from the first one on (at
      // 400,000 variants, the last batches read every product row before theirs).
      .where(
        and(
          gte(products.id, after.productId),
          sql`(${variants.productId}, ${variants.id}) > (${after.productId}, ${after.variantId})`,
        ),
      )
      .orderBy(asc(variants.productId), asc(variants.id))
      .limit(BATCH);
    for (const row of rows) {
      yield [
        row.slug,
        row.name,
        row.brand,
        row.category,
        row.features.join(LIST_SEPARATOR),
        row.storage,
        row.colorName,
        row.color,
        row.price,
        String(row.stock),
        row.images.join(LIST_SEPARATOR),
        row.sku,
        row.mpn ?? '',
      ];
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { productId: last.productId, variantId: last.variantId };
  }
}

/** A readable stream of the CSV file, BOM and header first. */
export const catalogCsvStream = (db: Database) =>
  csvDownloadStream(catalogRows(db), CATALOG_CSV_COLUMNS);
