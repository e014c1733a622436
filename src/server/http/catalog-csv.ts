import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@shared/messages';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_CONFIRM_PRICES_FIELD,
  CATALOG_IMPORT_CREATE_FIELD,
  CATALOG_IMPORT_FILE_FIELD,
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_IMPORT_PREVIEW_URL,
  CATALOG_IMPORT_SNAPSHOT_FIELD,
  type ImportApplied,
  type ImportPreview,
  importStockSnapshotSchema,
} from '@shared/schemas/catalog-import';
import { catalogCsvStream } from '../services/catalog-csv/export';
import { applyCatalogImport, previewCatalogImport } from '../services/catalog-csv/import-apply';
import type { AppDeps } from '../deps';
import { FieldError } from '../validation';
import { adminOf } from './admin-routes';
import { readForm } from './form-reader';
import { sendCsvDownload } from './csv-reply';

/** The file and the 'Crear marcas y categorías nuevas' box of an import request. */
async function readImportForm(scope: FastifyInstance, request: FastifyRequest) {
  const form = await readForm(scope, request, CATALOG_IMPORT_FILE_FIELD, {
    tooManyFiles: messages.importFileMissing,
    tooLarge: messages.importFileTooLarge,
    maxFileBytes: CATALOG_IMPORT_MAX_BYTES,
  });
  const [file, ...others] = form.files;
  if (!file || others.length > 0 || file.partName !== CATALOG_IMPORT_FILE_FIELD) {
    throw new FieldError(CATALOG_IMPORT_FILE_FIELD, messages.importFileMissing);
  }
  return {
    file,
    fields: form.fields,
    createTaxonomies: form.fields[CATALOG_IMPORT_CREATE_FIELD] === 'true',
  };
}

/** The stock the preview read, sent back by the apply; anything else means no preview. */
function stockReadOf(fields: Record<string, string>) {
  let value: unknown;
  try {
    value = JSON.parse(fields[CATALOG_IMPORT_SNAPSHOT_FIELD] ?? '');
  } catch {
    value = undefined;
  }
  const parsed = importStockSnapshotSchema.safeParse(value);
  if (!parsed.success) {
    throw new FieldError(CATALOG_IMPORT_FILE_FIELD, messages.importStockReadInvalid);
  }
  return parsed.data;
}

/** 'Exportar CSV' and 'Importar CSV' of /dashboard/productos, beside tRPC. */
export function registerCatalogCsvRoutes(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/catalog.csv', async (_request, reply) => {
    return sendCsvDownload(reply, 'catalogo', catalogCsvStream(deps.db), deps.clock.now());
  });

  scope.post(
    CATALOG_IMPORT_PREVIEW_URL,
    { config: { unexpectedMessage: messages.importPreviewFailed } },
    async (request, reply) => {
      const { file, createTaxonomies } = await readImportForm(scope, request);
      const preview = await previewCatalogImport(deps.db, file.data, { createTaxonomies });
      return reply.send(preview satisfies ImportPreview);
    },
  );

  scope.post(
    CATALOG_IMPORT_APPLY_URL,
    { config: { unexpectedMessage: messages.importApplyFailed, changesCatalog: true } },
    async (request, reply) => {
      const { file, fields, createTaxonomies } = await readImportForm(scope, request);
      const applied = await applyCatalogImport(
        deps.db,
        file,
        {
          createTaxonomies,
          stockRead: stockReadOf(fields),
          isUnusualPriceConfirmed: fields[CATALOG_IMPORT_CONFIRM_PRICES_FIELD] === 'true',
        },
        { userId: adminOf(request).user.id },
      );
      return reply.send(applied satisfies ImportApplied);
    },
  );
}
