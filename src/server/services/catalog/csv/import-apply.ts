// Preview and apply of 'Importar CSV'. The apply parses the same file again and recomputes the
// plan, then in one transaction locks the products it writes, checks they are as the plan read
// them, and writes: every valid row or none, and a variant whose stock moved since the preview
// stops everything, as the product form does (docs/decisions/043-catalogue-import.md,
// 009-stock-read-by-the-form.md). Its writes go in batches of statements inside that
// transaction, one apply at a time (docs/decisions/069-a-catalogue-import-at-scale.md), on a
// connection of its own beside the store's pool (071-an-import-beside-the-store.md).
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { importMessages, messages } from '@shared/messages';
import {
  CATALOG_IMPORT_FILE_FIELD,
  CATALOG_IMPORT_LIMITS,
  type CatalogImportLimits,
  type ImportApplied,
  type ImportStockSnapshot,
  importStockSnapshotSchema,
} from '@shared/schemas/catalog-import';
import { connectionForLongJobs, type Database, type Transaction } from '../../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors';
import { queryRows } from '../../../db/queries';
import { transactionRetried } from '../../../db/transactions';
import { FieldError } from '../../../validation';
import { recordAudit } from '../../infra/audit';
import { parseCatalogFile } from './import-parse';
import { type ImportPlan, planCatalogImport, previewOf } from './import-plan';
import { type PriceChange } from './import-summary';
import { lockAsRead } from './import-read';
import { writePlan } from './import-write';
import { slices, turnTaker } from './turns';

/**
 * The limits of a file, and how many rows each write statement carries: 1,000 rows of a
 * dozen columns are well under PostgreSQL's 65,535 parameters, and each statement (with its
 * triggers rebuilding the products' cards) ends in well under a second, so no statement holds
 * the transaction long and the event loop builds each one in a millisecond or two.
 */
export type ImportSettings = CatalogImportLimits & {
  batchRows: number;
  /**
   * Tests only: runs inside the apply's transaction once it holds the rows it writes, which
   * stay held until it resolves (the moment a customer's quote meets the import).
   */
  whileLocked?: () => Promise<void>;
};
export const IMPORT_SETTINGS: ImportSettings = { ...CATALOG_IMPORT_LIMITS, batchRows: 1_000 };

/**
 * The apply's own statement timeout, above the pool's few seconds (DATABASE_STATEMENT_TIMEOUT_MS):
 * a statement writes up to `batchRows` rows and the triggers rebuild each product's card. This
 * only stops a statement that hangs.
 */
const APPLY_STATEMENT_TIMEOUT = '2min';
const LABEL_MAX = 120;

/**
 * The transaction-scoped advisory lock one apply holds: a second apply meanwhile is refused
 * at once instead of waiting behind the first's row locks (or deadlocking with it).
 */
export const APPLY_LOCK_KEY = 7_362_069;

export type ImportOptions = { createTaxonomies: boolean };
/** The product, variant and line of a changed price, as the activity log names it. */
const priceKey = (change: PriceChange) => `price:${change.name} (${change.variant})`;

/**
 * Reads the file and answers what applying it would do; writes nothing. Its reads (seconds of
 * them for 100,000 rows) go through the connection for long jobs, not the store's pool.
 */
export async function previewCatalogImport(
  db: Database,
  data: Buffer | readonly Buffer[],
  options: ImportOptions,
  settings: ImportSettings = IMPORT_SETTINGS,
) {
  const parsed = await parseCatalogFile(data, settings);
  return previewOf(await planCatalogImport(connectionForLongJobs(db), parsed, options));
}

/** Entries of the stock snapshot checked between two turns of the event loop. */
const SNAPSHOT_SLICE = 5_000;

/**
 * The stock the preview read, sent back by the apply as JSON (`stockLeido`); anything else
 * means there was no preview. 100,000 pairs are checked a slice at a time: at once, the
 * schema held the event loop for 50–150 ms.
 */
export async function readStockSnapshot(
  text: string | undefined,
  { maxRows }: CatalogImportLimits,
): Promise<ImportStockSnapshot> {
  const refused = new FieldError(CATALOG_IMPORT_FILE_FIELD, messages.importStockReadInvalid);
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw refused;
  }
  if (!Array.isArray(value) || value.length > maxRows) throw refused;
  const snapshot: ImportStockSnapshot = [];
  for (const slice of slices(value, SNAPSHOT_SLICE)) {
    const parsed = importStockSnapshotSchema.safeParse(slice);
    if (!parsed.success) throw refused;
    snapshot.push(...parsed.data);
    await setImmediate();
  }
  return snapshot;
}

const refuseInvalid = (count: number) =>
  new FieldError(CATALOG_IMPORT_FILE_FIELD, importMessages.invalidRows(count));
const conflict = (message: string) => new FieldError(CATALOG_IMPORT_FILE_FIELD, message, 409);

/**
 * The preview's stock must still hold for exactly the variants the file names now: a changed
 * stock names its products; a variant matched now but not then (or gone since) means the
 * catalogue moved under the preview.
 */
async function assertStockUnchanged(plan: ImportPlan, stockRead: ImportStockSnapshot) {
  const seen = new Set<number>();
  const changed = new Set<string>();
  const takeTurn = turnTaker();
  for (const [id, stock] of stockRead) {
    const current = plan.matched.get(id);
    if (!current || seen.has(id)) throw conflict(importMessages.catalogChanged);
    seen.add(id);
    if (current.stock !== stock) changed.add(current.productName);
    await takeTurn();
  }
  if (seen.size !== plan.matched.size) throw conflict(importMessages.catalogChanged);
  if (changed.size > 0) throw conflict(importMessages.stockChanged([...changed]));
}

/**
 * The activity entry's changes: the counts, and the changed prices before → after, the
 * unusual ones first, at most AUDIT_PRICES_MAX of them (the rest counted).
 */
function auditChanges(plan: ImportPlan, counts: ImportApplied) {
  const listed = plan.prices.listed();
  const count = (after: number) => ({ before: null, after });
  return {
    created: count(counts.created),
    updated: count(counts.updated),
    unchanged: count(counts.unchanged),
    brandsCreated: count(plan.newBrands.size),
    categoriesCreated: count(plan.newCategories.size),
    ...(plan.prices.changed > listed.length
      ? {
          pricesChanged: count(plan.prices.changed),
          pricesNotListed: count(plan.prices.changed - listed.length),
        }
      : {}),
    // Each price the import changed, not only how many: a wrong one can be found later.
    ...Object.fromEntries(
      listed.map((change) => [priceKey(change), { before: change.before, after: change.after }]),
    ),
  };
}

/** Takes the one apply's lock for this transaction, or refuses: another apply is running. */
async function takeApplyLock(tx: Transaction) {
  const [row] = await queryRows<{ isLocked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${sql.raw(String(APPLY_LOCK_KEY))}) as "isLocked"`,
  );
  if (!row?.isLocked) throw conflict(importMessages.applyRunning);
}

/**
 * Applies the file in one transaction: refused (nothing written) when any row is invalid, a
 * variant's stock differs from `stockRead`, or another apply is running; otherwise every row,
 * plus one activity entry. Its reads and transaction hold the connection for long jobs
 * (connectionForLongJobs) for seconds, never one of the store's pool: the shop, product pages
 * and quotes keep the whole pool meanwhile.
 */
export async function applyCatalogImport(
  storeDb: Database,
  file: { data: Buffer | readonly Buffer[]; fileName: string },
  options: ImportOptions & { stockRead: ImportStockSnapshot; isUnusualPriceConfirmed: boolean },
  actor: { userId: number },
  settings: ImportSettings = IMPORT_SETTINGS,
): Promise<ImportApplied> {
  const db = connectionForLongJobs(storeDb);
  const parsed = await parseCatalogFile(file.data, settings);
  if (parsed.invalid.length > 0) throw refuseInvalid(parsed.invalid.length);
  // Planned from ordinary reads, before the transaction: the transaction holds the products
  // it writes only to check and write them.
  const plan = await planCatalogImport(db, parsed, options);
  if (plan.invalid.length > 0) throw refuseInvalid(plan.invalid.length);
  await assertStockUnchanged(plan, options.stockRead);
  const unusual = plan.prices.unusualCount;
  if (unusual > 0 && !options.isUnusualPriceConfirmed) {
    throw new FieldError(
      CATALOG_IMPORT_FILE_FIELD,
      importMessages.unusualPricesUnconfirmed(unusual),
    );
  }
  try {
    return await transactionRetried(db, async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = '${APPLY_STATEMENT_TIMEOUT}'`));
      await takeApplyLock(tx);
      // Only the products it writes: locked (products, then their variants:
      // services/catalog/stock-locks.ts) and checked to be as the plan read them, so what changed
      // since (a quote's reservation, another apply) stops it.
      const { isChanged, stockMoved } = await lockAsRead(tx, plan.read, plan.writtenProducts);
      if (stockMoved.length > 0) throw conflict(importMessages.stockChanged(stockMoved));
      if (isChanged) throw conflict(importMessages.catalogChanged);
      await settings.whileLocked?.();
      await writePlan(tx, plan, settings.batchRows);
      const counts: ImportApplied = {
        created: plan.counts.create,
        updated: plan.counts.update,
        unchanged: plan.counts.unchanged,
      };
      await recordAudit(tx, {
        userId: actor.userId,
        entityType: 'import',
        entityId: 'catalogo',
        action: 'import',
        label: `Catálogo (${file.fileName})`.slice(0, LABEL_MAX),
        changes: auditChanges(plan, counts),
      });
      return counts;
    });
  } catch (error) {
    // A product or brand created by someone else between the read and the write.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(importMessages.catalogChanged);
    throw error;
  }
}
