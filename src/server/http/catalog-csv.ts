import type { FastifyInstance, FastifyRequest } from 'fastify';
import { importMessages, messages } from '@shared/messages';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_CONFIRM_PRICES_FIELD,
  CATALOG_IMPORT_CREATE_FIELD,
  CATALOG_IMPORT_FILE_FIELD,
  CATALOG_IMPORT_PREVIEW_URL,
  CATALOG_IMPORT_SNAPSHOT_FIELD,
  type ImportApplied,
  type ImportPreview,
  stockSnapshotMaxBytes,
} from '@shared/schemas/catalog-import';
import { catalogCsvStream } from '../services/catalog/csv/export';
import {
  applyCatalogImport,
  type ImportSettings,
  previewCatalogImport,
  readStockSnapshot,
} from '../services/catalog/csv/import-apply';
import type { AppDeps } from '../app-deps';
import { FieldError } from '../validation';
import { adminOf } from './admin-routes';
import { readForm } from './form-reader';
import { sendCsvDownload } from './csv-reply';

/** The file and the 'Crear marcas y categorías nuevas' box of an import request. */
async function readImportForm(
  scope: FastifyInstance,
  request: FastifyRequest,
  settings: ImportSettings,
) {
  const form = await readForm(scope, request, CATALOG_IMPORT_FILE_FIELD, {
    tooManyFiles: messages.importFileMissing,
    tooLarge: importMessages.fileTooLarge(settings.maxBytes / (1024 * 1024)),
    maxFileBytes: settings.maxBytes,
    maxFieldBytes: stockSnapshotMaxBytes(settings.maxRows),
    asChunks: true,
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

/** 'Exportar CSV' and 'Importar CSV' of /dashboard/productos, beside tRPC. */
export function registerCatalogCsvRoutes(scope: FastifyInstance, deps: AppDeps) {
  scope.get('/api/admin/catalog.csv', async (_request, reply) => {
    return sendCsvDownload(reply, 'catalogo', catalogCsvStream(deps.db), deps.clock.now());
  });

  scope.post(
    CATALOG_IMPORT_PREVIEW_URL,
    { config: { unexpectedMessage: messages.importPreviewFailed } },
    async (request, reply) => {
      const settings = deps.catalogImport;
      const { file, createTaxonomies } = await readImportForm(scope, request, settings);
      const preview = await previewCatalogImport(
        deps.db,
        file.data,
        { createTaxonomies },
        settings,
      );
      return reply.send(preview satisfies ImportPreview);
    },
  );

  scope.post(
    CATALOG_IMPORT_APPLY_URL,
    { config: { unexpectedMessage: messages.importApplyFailed, changesCatalog: true } },
    async (request, reply) => {
      const settings = deps.catalogImport;
      const { file, fields, createTaxonomies } = await readImportForm(scope, request, settings);
      const applied = await applyCatalogImport(
        deps.db,
        file,
        {
          createTaxonomies,
          stockRead: await readStockSnapshot(fields[CATALOG_IMPORT_SNAPSHOT_FIELD], settings),
          isUnusualPriceConfirmed: fields[CATALOG_IMPORT_CONFIRM_PRICES_FIELD] === 'true',
        },
        { userId: adminOf(request).user.id },
        settings,
      );
      return reply.send(applied satisfies ImportApplied);
    },
  );
}
