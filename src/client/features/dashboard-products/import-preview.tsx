// What an imported file would do, as the preview answered it: counts first, then each list.
import type { ReactNode } from 'react';
import { formatMoney } from '@shared/format';
import {
  IMPORT_FIELD_LABELS,
  type ImportFieldChange,
  type ImportPreview,
  type ImportRowRef,
} from '@shared/schemas/catalog-import';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';

/** Entries shown per list; the rest are counted. A 10,000-row file stays a readable page. */
const SHOWN = 100;

const valueText = (field: string, value: string) =>
  field === 'price' && value !== '' ? formatMoney(value) : value || '—';

function More({ total }: { total: number }) {
  return total > SHOWN ? (
    <li className="text-muted-foreground px-4 py-2 text-sm">y {total - SHOWN} más</li>
  ) : null;
}

function RowHeading({ row }: { row: ImportRowRef }) {
  return (
    <p className="text-sm break-words">
      <span className="text-muted-foreground">Línea {row.line} · </span>
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
        {props.title} ({props.count})
      </h2>
      <ul className="divide-border divide-y">{props.children}</ul>
    </Card>
  );
}

function RowList(props: { title: string; rows: ImportRowRef[]; count: number }) {
  return (
    <Section title={props.title} count={props.count}>
      {props.rows.slice(0, SHOWN).map((row) => (
        <li key={row.line} className="px-4 py-2">
          <RowHeading row={row} />
        </li>
      ))}
      <More total={props.count} />
    </Section>
  );
}

const COUNT_LABELS = [
  ['create', 'Para crear'],
  ['update', 'Para actualizar'],
  ['unchanged', 'Sin cambios'],
  ['invalid', 'Con errores'],
] as const;

export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const { counts } = preview;
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
              {counts[key]}
            </dd>
          </Card>
        ))}
      </dl>
      {preview.newBrands.length > 0 || preview.newCategories.length > 0 ? (
        <p className="text-sm">
          {preview.newBrands.length > 0 ? `Marcas nuevas: ${preview.newBrands.join(', ')}. ` : ''}
          {preview.newCategories.length > 0
            ? `Categorías nuevas: ${preview.newCategories.join(', ')}.`
            : ''}
        </p>
      ) : null}

      <Section
        title="Cambios de precio inusuales"
        count={preview.unusualPrices.length}
        tone="error"
      >
        {preview.unusualPrices.slice(0, SHOWN).map((row) => (
          <li key={row.line} className="flex flex-col gap-1 px-4 py-2">
            <RowHeading row={row} />
            <p className="text-destructive pl-3 text-sm font-medium">{row.warning}</p>
          </li>
        ))}
        <More total={preview.unusualPrices.length} />
      </Section>
      <Section title="Filas con errores" count={counts.invalid} tone="error">
        {preview.invalid.slice(0, SHOWN).map((row) => (
          <li key={row.line} className="px-4 py-2 text-sm break-words">
            <span className="font-medium">Línea {row.line}:</span> {row.reason}
          </li>
        ))}
        <More total={counts.invalid} />
      </Section>
      <Section title="Para actualizar" count={counts.update}>
        {preview.update.slice(0, SHOWN).map((row) => (
          <li key={row.line} className="flex flex-col gap-1 px-4 py-2">
            <RowHeading row={row} />
            <ul className="flex flex-col gap-0.5 pl-3">
              {row.changes.map((change) => (
                <Change key={change.field} change={change} />
              ))}
            </ul>
          </li>
        ))}
        <More total={counts.update} />
      </Section>
      <RowList title="Para crear" rows={preview.create} count={counts.create} />
      <RowList title="Sin cambios" rows={preview.unchanged} count={counts.unchanged} />
    </div>
  );
}
