// 'Importar CSV': choose a file, preview what it would do, then apply it in one go. The apply
// sends the same file again with the stock the preview read, so a reservation made meanwhile
// stops it (docs/decisions/043-catalogue-import.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { importMessages } from '@shared/import-messages';
import {
  CATALOG_IMPORT_APPLY_URL,
  CATALOG_IMPORT_CONFIRM_PRICES_FIELD,
  CATALOG_IMPORT_CREATE_FIELD,
  CATALOG_IMPORT_FILE_FIELD,
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_IMPORT_MAX_MB,
  CATALOG_IMPORT_MAX_ROWS,
  CATALOG_IMPORT_PREVIEW_URL,
  CATALOG_IMPORT_SNAPSHOT_FIELD,
  type ImportApplied,
  type ImportPreview,
} from '@shared/schemas/catalog-import';
import { Button } from '@client/components/ui/button';
import { FilePickerButton } from '@client/components/ui/file-picker-button';
import { Card } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FieldError } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { notify } from '@client/lib/notify';
import { postAdminForm } from '@client/lib/admin-form';
import { showRefusal } from '@client/lib/refusals';
import { formatCount as count } from '@shared/format';
import { ImportPreviewView } from './import-preview';
import { FormHeader } from './form-header';

function importForm(file: File, createTaxonomies: boolean, preview?: ImportPreview) {
  const form = new FormData();
  form.append(CATALOG_IMPORT_CREATE_FIELD, String(createTaxonomies));
  if (preview) {
    form.append(CATALOG_IMPORT_SNAPSHOT_FIELD, JSON.stringify(preview.stockRead));
    // Only reached through the second dialog when the preview flagged unusual prices.
    form.append(CATALOG_IMPORT_CONFIRM_PRICES_FIELD, String(preview.totals.unusualPrices > 0));
  }
  form.append(CATALOG_IMPORT_FILE_FIELD, file, file.name);
  return form;
}

/**
 * Rows changed past which the dialog says that the apply takes a while, and what the store's
 * customers meet meanwhile (docs/decisions/069-a-catalogue-import-at-scale.md).
 */
const LARGE_IMPORT_ROWS = 10_000;

function applyDescription(seen: ImportPreview) {
  const { create, update } = seen.counts;
  const all = `Se crearán ${count(create)} variantes y se actualizarán ${count(update)}, todo junto. Si el stock de alguna cambió desde la vista previa, no se aplica nada.`;
  return create + update < LARGE_IMPORT_ROWS
    ? all
    : `${all} Puede tardar hasta un minuto: mientras se aplica, una cotización que incluya estos productos puede demorar o pedirle al cliente que vuelva a intentar.`;
}

const isPreview = (body: Record<string, unknown>): body is ImportPreview =>
  typeof body.counts === 'object' && body.counts !== null && Array.isArray(body.stockRead);
const isApplied = (body: Record<string, unknown>): body is ImportApplied =>
  typeof body.created === 'number' && typeof body.updated === 'number';

export function ImportPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [createTaxonomies, setCreateTaxonomies] = useState(false);
  // Holds only the file field's message: every refusal of the import is about the file.
  const form = useForm<Record<typeof CATALOG_IMPORT_FILE_FIELD, string>>();
  const error = form.formState.errors[CATALOG_IMPORT_FILE_FIELD]?.message;
  const refused = (failure: unknown) =>
    showRefusal(form, failure, {
      fields: [CATALOG_IMPORT_FILE_FIELD],
      messageField: CATALOG_IMPORT_FILE_FIELD,
    });
  /** The first confirmation, then a second one when the preview flagged unusual prices. */
  const [confirming, setConfirming] = useState<'apply' | 'prices' | null>(null);
  const setIsConfirming = (isOpen: boolean) => setConfirming(isOpen ? 'apply' : null);

  const preview = useMutation({
    mutationFn: (chosen: File) =>
      postAdminForm(CATALOG_IMPORT_PREVIEW_URL, importForm(chosen, createTaxonomies), isPreview),
    onMutate: () => form.clearErrors(),
    onError: refused,
  });
  const apply = useMutation({
    mutationFn: ({ chosen, seen }: { chosen: File; seen: ImportPreview }) =>
      postAdminForm(
        CATALOG_IMPORT_APPLY_URL,
        importForm(chosen, createTaxonomies, seen),
        isApplied,
      ),
    onSuccess: async (applied) => {
      notify.success(importMessages.applied(applied));
      await queryClient.invalidateQueries();
      await navigate({ to: '/dashboard/productos' });
    },
    onError: (failure) => {
      setIsConfirming(false);
      refused(failure);
    },
  });

  /** A new file or a new choice of the box makes the old preview meaningless. */
  const reset = () => {
    preview.reset();
    form.clearErrors();
  };
  const choose = (chosen: File | null) => {
    reset();
    if (chosen && chosen.size > CATALOG_IMPORT_MAX_BYTES) {
      setFile(null);
      form.setError(CATALOG_IMPORT_FILE_FIELD, {
        message: importMessages.fileTooLarge(CATALOG_IMPORT_MAX_MB),
      });
      return;
    }
    setFile(chosen);
  };

  const seen = preview.data;
  const hasChanges = seen ? seen.counts.create + seen.counts.update > 0 : false;
  return (
    <div className="mx-auto max-w-5xl">
      <FormHeader title="Importar catálogo">
        <p className="text-muted-foreground text-sm">
          Usá el archivo de &lsquo;Exportar CSV&rsquo; como modelo: una fila por variante, separada
          por &lsquo;;&rsquo; o &lsquo;,&rsquo;, en UTF-8, de hasta {count(CATALOG_IMPORT_MAX_ROWS)}{' '}
          filas y {CATALOG_IMPORT_MAX_MB} MB. Las variantes se reconocen por slug, almacenamiento y
          color; el stock del archivo es la cantidad total. Primero verás qué cambia; nada se guarda
          hasta que apliques.
        </p>
      </FormHeader>
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col gap-4 p-4 sm:p-6">
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium">Archivo CSV</span>
            <div className="flex flex-wrap items-center gap-3">
              <FilePickerButton
                id="catalog-import-file"
                accept=".csv,text/csv"
                onPick={choose}
                invalid={Boolean(error)}
                describedBy={error ? 'catalog-import-error' : undefined}
              >
                <FileUp aria-hidden="true" /> {file ? 'Cambiar archivo' : 'Elegir archivo'}
              </FilePickerButton>
              <span className="text-muted-foreground min-w-0 text-sm break-all">
                {file ? file.name : 'Ningún archivo elegido'}
              </span>
            </div>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="catalog-import-create"
              checked={createTaxonomies}
              onCheckedChange={(checked) => {
                reset();
                setCreateTaxonomies(checked === true);
              }}
            />
            <Label htmlFor="catalog-import-create" weight="normal" className="cursor-pointer">
              Crear marcas y categorías nuevas
            </Label>
          </div>
          <FieldError id="catalog-import-error" message={error} />
          <div className="flex flex-wrap gap-2">
            <Button
              variant={seen ? 'outline' : 'default'}
              disabled={!file || preview.isPending}
              onClick={() => file && preview.mutate(file)}
            >
              {preview.isPending ? <Spinner /> : null} Previsualizar
            </Button>
            {seen ? (
              <Button
                disabled={!hasChanges || seen.counts.invalid > 0 || apply.isPending}
                onClick={() => setIsConfirming(true)}
              >
                Aplicar importación
              </Button>
            ) : null}
          </div>
          {seen && seen.counts.invalid > 0 ? (
            <p className="text-destructive text-sm">
              {importMessages.invalidRows(seen.counts.invalid)}
            </p>
          ) : null}
          {seen && seen.counts.invalid === 0 && !hasChanges ? (
            <p className="text-muted-foreground text-sm">El archivo no cambia nada del catálogo.</p>
          ) : null}
        </Card>

        {seen ? <ImportPreviewView preview={seen} /> : null}

        <ConfirmDialog
          open={confirming === 'apply'}
          onOpenChange={setIsConfirming}
          title="¿Aplicar la importación?"
          description={seen ? applyDescription(seen) : undefined}
          confirmLabel="Aplicar importación"
          isPending={apply.isPending}
          onConfirm={() => {
            if (!file || !seen) return;
            if (seen.totals.unusualPrices > 0) setConfirming('prices');
            else apply.mutate({ chosen: file, seen });
          }}
        />
        <ConfirmDialog
          open={confirming === 'prices'}
          onOpenChange={(isOpen) => setConfirming(isOpen ? 'prices' : null)}
          title="¿Confirmás los cambios de precio inusuales?"
          description={
            seen ? (
              <>
                {seen.totals.unusualPrices === 1
                  ? 'Un precio cambia a más del triple o a menos de un tercio:'
                  : `${count(seen.totals.unusualPrices)} precios cambian a más del triple o a menos de un tercio:`}
                <span className="mt-2 block max-h-40 overflow-y-auto">
                  {seen.unusualPrices.slice(0, 20).map((row) => (
                    <span key={row.line} className="block">
                      {row.name} ({row.variant}): {row.warning.replace(/^[^:]*: /, '')}
                    </span>
                  ))}
                </span>
              </>
            ) : undefined
          }
          confirmLabel="Sí, aplicar estos precios"
          isPending={apply.isPending}
          onConfirm={() => file && seen && apply.mutate({ chosen: file, seen })}
        />
      </div>
    </div>
  );
}
