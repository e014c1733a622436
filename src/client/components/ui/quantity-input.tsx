import { Minus, Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '@client/lib/cn';
import { QUANTITY_MIN, quantityCap, readQuantity } from '@shared/quantity';
import { IconButton } from './button';
import { FieldError } from './form-field';
import { Label } from './label';

type QuantityInputProps = {
  value: number;
  /** Called with a valid quantity only: a tap, or typed text once it leaves the field. */
  onChange: (value: number) => void;
  /** Units left when they bound the line; absent when asked without stock. */
  stock?: number;
  label?: string;
  /** The label is read by screen readers only (a cart line names its product already). */
  isLabelHidden?: boolean;
  /** Beside the buttons ('5 en stock'), describing the field while it has no error. */
  hint?: ReactNode;
  className?: string;
};

/**
 * A quantity typed (12 units are two keys, not eleven taps) with 'Restar uno' and 'Sumar uno'
 * beside it. What is typed applies when it leaves the field or on Enter, so the cart does not
 * refresh on every key; a quantity it cannot take is said under it and the field goes back to
 * the one that holds (docs/product.md#producto).
 */
export function QuantityInput({
  value,
  onChange,
  stock,
  label = 'Cantidad',
  isLabelHidden = false,
  hint,
  className,
}: QuantityInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cap = quantityCap(stock);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  function commit() {
    if (draft === null) return;
    setDraft(null);
    const reading = readQuantity(draft, stock);
    if (reading.error !== undefined) {
      setError(reading.error);
      return;
    }
    setError(null);
    if (reading.quantity !== value) onChange(reading.quantity);
  }

  function step(next: number) {
    setDraft(null);
    setError(null);
    onChange(next);
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Label htmlFor={id} className={isLabelHidden ? 'sr-only' : undefined}>
          {label}
        </Label>
        <div className="border-border bg-card has-[[aria-invalid=true]]:border-destructive inline-flex items-center rounded-md border">
          <IconButton
            label="Restar uno"
            icon={Minus}
            variant="ghost"
            disabled={value <= QUANTITY_MIN}
            onClick={() => step(Math.min(value - 1, cap))}
          />
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
            value={draft ?? String(value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : hint ? hintId : undefined}
            className="border-border text-foreground focus-visible:ring-ring h-10 w-14 border-x bg-transparent px-1 text-center text-base font-semibold tabular-nums focus-visible:ring-2 focus-visible:outline-none"
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter applies the quantity; it never sends a form around the field.
              event.preventDefault();
              commit();
            }}
          />
          <IconButton
            label="Sumar uno"
            icon={Plus}
            variant="ghost"
            disabled={value >= cap}
            onClick={() => step(value + 1)}
          />
        </div>
        {hint && (
          <span id={hintId} className="text-muted-foreground text-xs">
            {hint}
          </span>
        )}
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}
