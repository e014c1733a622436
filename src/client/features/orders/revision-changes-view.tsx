import { formatMoney } from '@shared/format';
import { formatPercentOff } from '@shared/pricing';
import type { Change, LineChange, RevisionChanges } from '@shared/revision-changes';

const KIND_LABEL = { added: 'Agregado', removed: 'Quitado', changed: 'Cambió' } as const;

const beforeAfter = <T,>(change: Change<T>, write: (value: T) => string) =>
  `${write(change.before)} → ${write(change.after)}`;

/** 'cantidad 2 → 3 · precio US$ 100,00 → US$ 90,00': what moved on a line kept. */
function lineDetail(line: LineChange) {
  return [
    line.quantity && `cantidad ${beforeAfter(line.quantity, String)}`,
    line.unitPrice && `precio ${beforeAfter(line.unitPrice, formatMoney)}`,
    line.discountPercent && `descuento ${beforeAfter(line.discountPercent, formatPercentOff)}`,
  ]
    .filter(Boolean)
    .join(' · ');
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
                <span className="text-muted-foreground"> · {lineDetail(line)}</span>
              )}
            </li>
          ))}
          {changes.total && (
            <li className="font-medium">Total: {beforeAfter(changes.total, formatMoney)}</li>
          )}
        </ul>
      )}
    </section>
  );
}
