// What an imported file would do, as the preview answered it: counts first, then examples of
// each kind of change. The server sends every count but at most IMPORT_PREVIEW_EXAMPLES rows of
// each kind, so a 100,000-row file is a page of summaries, not 100,000 rows to draw
// (docs/decisions/069-a-catalogue-import-at-scale.md).
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatCount as count, formatMoney } from '@shared/format';
import {
  IMPORT_FIELD_LABELS,
  type ImportFieldChange,
  type ImportPreview,
  type ImportRowRef,
} from '@shared/schemas/catalog-import';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';

/** Examples a list shows before 'Ver más ejemplos': ten lines of a phone's screen. */
const FIRST_EXAMPLES = 10;

const rowsText = (value: number) => `${count(value)} ${value === 1 ? 'fila' : 'filas'}`;

const valueText = (field: string, value: string) =>
  field === 'price' && value !== '' ? formatMoney(value) : value || '—';

/**
 * The examples the preview sent, the first FIRST_EXAMPLES until asked for the rest; once all
 * are shown, a line counts the rows it did not send.
 */
function Examples<T>(props: { items: T[]; total: number; children: (item: T) => ReactNode }) {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const shown = isShowingAll ? props.items : props.items.slice(0, FIRST_EXAMPLES);
  const hidden = props.items.length - shown.length;
  const unsent = props.total - props.items.length;
  return (
    <>
      {shown.map(props.children)}
      {hidden > 0 ? (
        <li className="px-4 py-2">
          <button
            type="button"
            className="text-primary text-sm font-medium hover:underline"
            onClick={() => setIsShowingAll(true)}
          >
            Ver {count(hidden)} {hidden === 1 ? 'ejemplo' : 'ejemplos'} más
          </button>
        </li>
      ) : null}
      {hidden === 0 && unsent > 0 ? (
        <li className="text-muted-foreground px-4 py-2 text-sm">y {count(unsent)} más</li>
      ) : null}
    </>
  );
}

function RowHeading({ row }: { row: ImportRowRef }) {
  return (
    <p className="text-sm break-words">
      <span className="text-muted-foreground">Línea {count(row.line)} · </span>
      <span className="font-medium">{row.name}</span>
      <span className="text-muted-foreground"> — {row.variant}</span>
    </p>
  );
}

function Change({ change }: { change: ImportFieldChange }) {
  return (
    <li className="text-sm break-words">
      <span className="text-muted-foreground">{IMPORT_FIELD_LABELS[change.field]}: </span>
      <span className="line-through decoration-1">{valueText(change.field, change.before)}</span>
      {' → '}
      <span className="font-medium">{valueText(change.field, change.after)}</span>
    </li>
  );
}

function Section(props: { title: string; count: number; tone?: 'error'; children: ReactNode }) {
  if (props.count === 0) return null;
  return (
    <Card className="overflow-hidden">
      <h2
        className={cn(
          'border-border border-b px-4 py-3 font-semibold',
          props.tone === 'error' && 'text-destructive',
        )}
      >
        {props.title} ({count(props.count)})
      </h2>
      <ul className="divide-border divide-y">{props.children}</ul>
    </Card>
  );
}

function RowList(props: { title: string; rows: ImportRowRef[]; count: number }) {
  return (
    <Section title={props.title} count={props.count}>
      <Examples items={props.rows} total={props.count}>
        {(row) => (
          <li key={row.line} className="px-4 py-2">
            <RowHeading row={row} />
          </li>
        )}
      </Examples>
    </Section>
  );
}

/**
 * The updates by changed field: how many rows change it, and its examples (that field's change
 * only), the first field open. A row that changes price and stock is an example of both.
 */
function Updates({ preview }: { preview: ImportPreview }) {
  return (
    <Section title="Para actualizar" count={preview.counts.update}>
      {preview.changedFields.map(({ field, count: rows }, index) => {
        const examples = preview.update.flatMap((row) => {
          const change = row.changes.find((candidate) => candidate.field === field);
          return change ? [{ row, change }] : [];
        });
        return (
          <li key={field}>
            <details open={index === 0} className="group">
              <summary className="hover:bg-muted/50 flex cursor-pointer list-none flex-wrap items-center gap-x-2 px-4 py-3 text-sm [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="text-muted-foreground size-4 shrink-0 transition-transform group-open:rotate-90"
                />
                <span className="font-medium">
                  {IMPORT_FIELD_LABELS[field]} · {rowsText(rows)}
                </span>
              </summary>
              <ul className="divide-border border-border divide-y border-t">
                <Examples items={examples} total={rows}>
                  {({ row, change }) => (
                    <li key={row.line} className="flex flex-col gap-1 px-4 py-2">
                      <RowHeading row={row} />
                      <ul className="pl-3">
                        <Change change={change} />
                      </ul>
                    </li>
                  )}
                </Examples>
              </ul>
            </details>
          </li>
        );
      })}
    </Section>
  );
}

/** 'Marcas nuevas (12): A, B, C y 9 más.' */
function NewNames(props: { label: string; names: string[]; total: number }) {
  if (props.total === 0) return null;
  const rest = props.total - props.names.length;
  return (
    <p className="text-sm break-words">
      {props.label} ({count(props.total)}): {props.names.join(', ')}
      {rest > 0 ? ` y ${count(rest)} más` : ''}.
    </p>
  );
}

const COUNT_LABELS = [
  ['create', 'Para crear'],
  ['update', 'Para actualizar'],
  ['unchanged', 'Sin cambios'],
  ['invalid', 'Con errores'],
] as const;

export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const { counts, totals } = preview;
  return (
    <div className="flex flex-col gap-4" aria-label="Vista previa de la importación">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {COUNT_LABELS.map(([key, label]) => (
          <Card key={key} className="flex flex-col gap-1 p-4">
            <dt className="text-muted-foreground text-sm">{label}</dt>
            <dd
              className={cn(
                'text-2xl font-bold',
                key === 'invalid' && counts.invalid > 0 && 'text-destructive',
              )}
            >
              {count(counts[key])}
            </dd>
          </Card>
        ))}
      </dl>
      <NewNames label="Marcas nuevas" names={preview.newBrands} total={totals.newBrands} />
      <NewNames
        label="Categorías nuevas"
        names={preview.newCategories}
        total={totals.newCategories}
      />

      <Section title="Cambios de precio inusuales" count={totals.unusualPrices} tone="error">
        <Examples items={preview.unusualPrices} total={totals.unusualPrices}>
          {(row) => (
            <li key={row.line} className="flex flex-col gap-1 px-4 py-2">
              <RowHeading row={row} />
              <p className="text-destructive pl-3 text-sm font-medium">{row.warning}</p>
            </li>
          )}
        </Examples>
      </Section>
      <Section title="Filas con errores" count={counts.invalid} tone="error">
        <Examples items={preview.invalid} total={counts.invalid}>
          {(row) => (
            <li key={row.line} className="px-4 py-2 text-sm break-words">
              <span className="font-medium">Línea {count(row.line)}:</span> {row.reason}
            </li>
          )}
        </Examples>
      </Section>
      <Updates preview={preview} />
      <RowList title="Para crear" rows={preview.create} count={counts.create} />
      <RowList title="Sin cambios" rows={preview.unchanged} count={counts.unchanged} />
    </div>
  );
}
