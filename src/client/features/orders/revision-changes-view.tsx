import { formatMoney } from '@shared/format';
import { formatPercentOff } from '@shared/pricing';
import type { Change, LineChange, RevisionChanges } from '@shared/revision-changes';

const KIND_LABEL = { added: 'Agregado', removed: 'Quitado', changed: 'Cambió' } as const;

type Detail = { label: string; before: string; after: string };

const detailOf = <T,>(label: string, change: Change<T>, write: (value: T) => string): Detail => ({
  label,
  before: write(change.before),
  after: write(change.after),
});

/** 'cantidad 2 → 3', 'precio US$ 100,00 → US$ 90,00': what moved on a line kept. */
function lineDetails(line: LineChange) {
  return [
    line.quantity && detailOf('cantidad', line.quantity, String),
    line.unitPrice && detailOf('precio', line.unitPrice, formatMoney),
    line.discountPercent && detailOf('descuento', line.discountPercent, formatPercentOff),
  ].filter((detail): detail is Detail => Boolean(detail));
}

/** 'US$ 1.220,00 → US$ 2.196,00': an amount never breaks after 'US$'. */
function BeforeAfter({ detail }: { detail: Detail }) {
  return (
    <span>
      {detail.label && `${detail.label} `}
      <span className="whitespace-nowrap">{detail.before}</span> →{' '}
      <span className="whitespace-nowrap">{detail.after}</span>
    </span>
  );
}

/**
 * What a revision changed from the one before it, compact, under its title
 * (docs/decisions/090-asking-for-changes-is-an-event.md).
 */
export function RevisionChangesView({
  orderId,
  previousNumber,
  changes,
}: {
  orderId: number;
  previousNumber: number;
  changes: RevisionChanges;
}) {
  const isSame = changes.lines.length === 0 && !changes.total;
  return (
    <section
      aria-label="Qué cambió"
      data-testid="revision-changes"
      className="border-border rounded-md border border-dashed p-3 text-sm"
    >
      <p className="font-medium">
        Cambios respecto de la N° {orderId}-{previousNumber}
      </p>
      {isSame ? (
        <p className="text-muted-foreground">Sin cambios en productos, cantidades ni precios.</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {changes.lines.map((line) => (
            <li key={`${line.kind}:${line.label}`} className="break-words">
              <span
                className={
                  line.kind === 'added'
                    ? 'text-success font-medium'
                    : line.kind === 'removed'
                      ? 'text-destructive font-medium'
                      : 'font-medium'
                }
              >
                {KIND_LABEL[line.kind]}:
              </span>{' '}
              {line.label}
              {line.kind === 'changed' && (
                <span className="text-muted-foreground flex flex-wrap gap-x-3">
                  {lineDetails(line).map((detail) => (
                    <BeforeAfter key={detail.label} detail={detail} />
                  ))}
                </span>
              )}
            </li>
          ))}
          {changes.total && (
            <li className="font-medium">
              Total: <BeforeAfter detail={detailOf('', changes.total, formatMoney)} />
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
