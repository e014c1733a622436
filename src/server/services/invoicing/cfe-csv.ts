// 'Exportar CSV' of 'Comprobantes' for the accountant: every document the filters select (not
// only the page on screen), newest first, read in keyset batches and written as they come
// (docs/decisions/096-the-comprobantes-list.md).
import { and, eq, sql } from 'drizzle-orm';
import { CFE_KIND_LABELS, CFE_STATE_LABELS } from '@shared/cfe';
import { formatDay } from '@shared/format';
import type { CfeListFilter } from '@shared/schemas/cfe';
import type { Executor } from '../../db/client';
import { cfeDocuments, customers, orders } from '../../db/schema';
import { csvDownloadStream } from '../infra/csv-download';
import { cfeFilterWhere, cfeListColumns, cfeNewestFirst, readCfeRow } from './cfe-list';

export const CFE_CSV_COLUMNS = [
  'Fecha',
  'Tipo',
  'Serie',
  'Número',
  'Orden',
  'Receptor',
  'RUT/CI',
  'Moneda',
  'Tipo de cambio',
  'Neto',
  'IVA',
  'Total',
  'Estado DGI',
  'Motivo',
  'CAE',
] as const;

const BATCH = 500;

/** Where the previous batch ended: created_at as the database prints it, no precision lost. */
type Cursor = { createdAt: string; id: number };

async function* documentRows(db: Executor, filter: CfeListFilter) {
  const where = cfeFilterWhere(filter);
  let after: Cursor | null = null;
  for (;;) {
    const rows = await db
      .select({ ...cfeListColumns, cursorAt: sql<string>`${cfeDocuments.createdAt}::text` })
      .from(cfeDocuments)
      .innerJoin(orders, eq(orders.id, cfeDocuments.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(
        and(
          where,
          after
            ? sql`(${cfeDocuments.createdAt}, ${cfeDocuments.id}) < (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(...cfeNewestFirst)
      .limit(BATCH);
    for (const raw of rows) {
      const row = readCfeRow(raw);
      // Amounts as the database writes numeric: a dot and no thousands separator.
      yield [
        formatDay(row.day),
        CFE_KIND_LABELS[row.kind],
        row.serie ?? '',
        row.number === null ? '' : String(row.number),
        String(row.orderId),
        row.receiverName,
        row.receiverDocument ?? '',
        row.currency ?? '',
        row.exchangeRate ?? '',
        row.net ?? '',
        row.iva ?? '',
        row.total ?? '',
        CFE_STATE_LABELS[row.state],
        row.dgiReason ?? row.lastError ?? '',
        row.caeId ?? '',
      ];
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}

/** The filtered documents as a CSV file stream. */
export const cfeCsvStream = (db: Executor, filter: CfeListFilter) =>
  csvDownloadStream(documentRows(db, filter), CFE_CSV_COLUMNS);
