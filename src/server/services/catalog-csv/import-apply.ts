// Preview and apply of 'Importar CSV'. The apply parses the same file again and recomputes the
// plan inside one transaction with the file's products and variants locked: every valid row or
// none, and a variant whose stock moved since the preview stops everything, as the product form
// does (docs/decisions/043-catalogue-import.md, 009-stock-read-by-the-form.md).
import { sql } from 'drizzle-orm';
import { importMessages } from '@shared/messages';
import {
  CATALOG_IMPORT_FILE_FIELD,
  type ImportApplied,
  type ImportStockSnapshot,
} from '@shared/schemas/catalog-import';
import { EMPTY_DESCRIPTION } from '@shared/schemas/rich-text';
import {
  type Database,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
  type Transaction,
  transactionRetried,
} from '../../db/client';
import { brands, categories, products, variants } from '../../db/schema';
import { FieldError } from '../../validation';
import { recordAudit } from '../audit';
import { parseCatalogFile } from './import-parse';
import { type ImportPlan, planCatalogImport, previewOf } from './import-plan';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const INSERT_BATCH = 1000;

/**
 * The apply's own statement timeout, above the pool's few seconds (DATABASE_STATEMENT_TIMEOUT_MS):
 * its statements write up to a thousand rows each, or every updated product in one, and the
 * triggers rebuild each product's card (5,000 products updated took 2 s on a small machine).
 * The file's 20,000 rows bound the work; this only stops a statement that hangs.
 */
const APPLY_STATEMENT_TIMEOUT = '2min';
const LABEL_MAX = 120;

export type ImportOptions = { createTaxonomies: boolean };
/** The product, variant and line of a changed price, as the activity log names it. */
const priceKey = (change: ImportPlan['priceChanges'][number]) =>
  `price:${change.name} (${change.variant})`;

/** Reads the file and answers what applying it would do; writes nothing. */
export async function previewCatalogImport(db: Database, data: Buffer, options: ImportOptions) {
  const parsed = await parseCatalogFile(data);
  return previewOf(await planCatalogImport(db, parsed, { ...options, lock: false }));
}

const refuseInvalid = (count: number) =>
  new FieldError(CATALOG_IMPORT_FILE_FIELD, importMessages.invalidRows(count));
const conflict = (message: string) => new FieldError(CATALOG_IMPORT_FILE_FIELD, message, 409);

/**
 * The preview's stock must still hold for exactly the variants the file names now: a changed
 * stock names its products; a variant matched now but not then (or gone since) means the
 * catalogue moved under the preview.
 */
function assertStockUnchanged(plan: ImportPlan, stockRead: ImportStockSnapshot) {
  const read = new Map(stockRead);
  if (read.size !== plan.matched.size || [...read.keys()].some((id) => !plan.matched.has(id))) {
    throw conflict(importMessages.catalogChanged);
  }
  const changed = new Set<string>();
  for (const [id, current] of plan.matched) {
    if (read.get(id) !== current.stock) changed.add(current.productName);
  }
  if (changed.size > 0) throw conflict(importMessages.stockChanged([...changed]));
}

/** Creates the missing names and answers every id by lower-cased name. */
async function taxonomyIds(
  tx: Transaction,
  table: typeof brands | typeof categories,
  missing: Map<string, string>,
) {
  if (missing.size > 0) {
    await tx
      .insert(table)
      .values([...missing.values()].map((name) => ({ name })))
      .onConflictDoNothing();
  }
  const rows = await tx.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((row) => [row.name.toLocaleLowerCase('es'), row.id]));
}

function batches<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    result.push(items.slice(start, start + INSERT_BATCH));
  }
  return result;
}

async function writePlan(tx: Transaction, plan: ImportPlan) {
  const brandIds = await taxonomyIds(tx, brands, plan.newBrands);
  const categoryIds = await taxonomyIds(tx, categories, plan.newCategories);
  const idsOf = (fields: { brand: string; category: string }) => ({
    brandId: brandIds.get(fields.brand.toLocaleLowerCase('es'))!,
    categoryId: categoryIds.get(fields.category.toLocaleLowerCase('es'))!,
  });

  const newVariants = [...plan.variantCreates];
  for (const batch of batches(plan.productCreates)) {
    const inserted = await tx
      .insert(products)
      .values(
        batch.map((product) => ({
          name: product.name,
          slug: product.slug,
          features: product.features,
          images: [],
          description: EMPTY_DESCRIPTION,
          ...idsOf(product),
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
    for (const product of batch) {
      const productId = idBySlug.get(product.slug)!;
      newVariants.push(...product.variants.map((variant) => ({ ...variant, productId })));
    }
  }
  for (const batch of batches(newVariants)) await tx.insert(variants).values(batch);

  // Updates travel as one JSON document each, so thousands of rows are one statement.
  if (plan.productUpdates.length > 0) {
    const rows = plan.productUpdates.map((product) => ({
      id: product.id,
      name: product.name,
      features: product.features,
      images: product.images,
      ...idsOf(product),
    }));
    await tx.execute(sql`
      update ${products} set name = x.name, brand_id = x."brandId", category_id = x."categoryId",
        features = x.features, images = x.images, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id integer, name text, "brandId" integer, "categoryId" integer, features jsonb, images jsonb)
      where ${products.id} = x.id`);
  }
  if (plan.variantUpdates.length > 0) {
    const rows = plan.variantUpdates.map(({ id, color, price, stock, sku, mpn }) => ({
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
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id integer, color text, price numeric(12, 2), stock integer, sku text,
             "mpnGiven" boolean, mpn text)
      where ${variants.id} = x.id`);
  }
}

/**
 * Applies the file in one transaction: refused (nothing written) when any row is invalid or
 * a variant's stock differs from `stockRead`; otherwise every row, plus one activity entry.
 */
export async function applyCatalogImport(
  db: Database,
  file: { data: Buffer; fileName: string },
  options: ImportOptions & { stockRead: ImportStockSnapshot; isUnusualPriceConfirmed: boolean },
  actor: { userId: number },
): Promise<ImportApplied> {
  const parsed = await parseCatalogFile(file.data);
  if (parsed.invalid.length > 0) throw refuseInvalid(parsed.invalid.length);
  try {
    return await transactionRetried(db, async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = '${APPLY_STATEMENT_TIMEOUT}'`));
      // Locks the file's products, then their variants (services/stock-locks.ts).
      const plan = await planCatalogImport(tx, parsed, { ...options, lock: true });
      if (plan.invalid.length > 0) throw refuseInvalid(plan.invalid.length);
      assertStockUnchanged(plan, options.stockRead);
      const unusual = plan.priceChanges.filter((change) => change.isUnusual).length;
      if (unusual > 0 && !options.isUnusualPriceConfirmed) {
        throw new FieldError(
          CATALOG_IMPORT_FILE_FIELD,
          importMessages.unusualPricesUnconfirmed(unusual),
        );
      }
      await writePlan(tx, plan);
      const counts: ImportApplied = {
        created: plan.rows.create.length,
        updated: plan.rows.update.length,
        unchanged: plan.rows.unchanged.length,
      };
      await recordAudit(tx, {
        userId: actor.userId,
        entityType: 'import',
        entityId: 'catalogo',
        action: 'import',
        label: `Catálogo (${file.fileName})`.slice(0, LABEL_MAX),
        changes: {
          created: { before: null, after: counts.created },
          updated: { before: null, after: counts.updated },
          unchanged: { before: null, after: counts.unchanged },
          brandsCreated: { before: null, after: plan.newBrands.size },
          categoriesCreated: { before: null, after: plan.newCategories.size },
          // Each price the import changed, not only how many: a wrong one can be found later.
          ...Object.fromEntries(
            plan.priceChanges.map((change) => [
              priceKey(change),
              { before: change.before, after: change.after },
            ]),
          ),
        },
      });
      return counts;
    });
  } catch (error) {
    // A product or brand created by someone else between the read and the write.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(importMessages.catalogChanged);
    throw error;
  }
}
