// 'Importar CSV' as the dashboard sends it: the export to start from, a preview, an apply with
// the stock the preview read (docs/decisions/043-catalogue-import.md).
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_PREVIEW_URL,
  type ImportPreview,
} from '@shared/schemas/catalog-import';
import type { Database } from '@server/db/client';
import { auditLog } from '@server/db/schema';
import { SAME_ORIGIN } from './http';
import { postMultipart } from './uploads';

export type CsvRow = Record<string, string>;

/** Every row of the catalogue as 'Exportar CSV' writes it. */
export async function exportedRows(app: FastifyInstance, cookie: string): Promise<CsvRow[]> {
  const response = await app.inject({
    url: '/api/admin/catalog.csv',
    headers: { cookie, ...SAME_ORIGIN },
  });
  return parse<CsvRow>(response.body, { bom: true, delimiter: ';', columns: true });
}

/** A file of these rows in the export's format. */
export const csvOf = (rows: CsvRow[]) =>
  stringify(rows, { header: true, columns: Object.keys(rows[0]!), delimiter: ';', bom: true });

const filePart = (data: string | Buffer) => ({
  field: 'archivo',
  name: 'catalogo.csv',
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
  type: 'text/csv',
});

export async function previewImport(
  app: FastifyInstance,
  cookie: string,
  data: string | Buffer,
  createTaxonomies = false,
) {
  const answer = await postMultipart(app, CATALOG_IMPORT_PREVIEW_URL, {
    fields: { crearTaxonomias: String(createTaxonomies) },
    files: [filePart(data)],
    cookie,
  });
  return { status: answer.status, body: answer.body as ImportPreview & { error?: string } };
}

/** The apply, with the preview's stock read (or `stockLeido` as given) and prices confirmed. */
export async function applyImport(
  app: FastifyInstance,
  cookie: string,
  data: string | Buffer,
  stockRead: ImportPreview['stockRead'] | string,
  createTaxonomies = false,
) {
  return postMultipart(app, CATALOG_IMPORT_APPLY_URL, {
    fields: {
      crearTaxonomias: String(createTaxonomies),
      stockLeido: typeof stockRead === 'string' ? stockRead : JSON.stringify(stockRead),
      confirmarPrecios: 'true',
    },
    files: [filePart(data)],
    cookie,
  });
}

/** The changes the latest import wrote to the activity log. */
export async function latestImportChanges(db: Database) {
  const [entry] = await db
    .select({ changes: auditLog.changes })
    .from(auditLog)
    .where(eq(auditLog.entityType, 'import'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry!.changes as Record<string, { before: unknown; after: unknown }>;
}
