import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/**
 * One choice of a radio group drawn as a bordered card: the radio, a title and a hint under it;
 * the chosen card is outlined in the primary colour. The group (`role="radiogroup"`) is the
 * caller's.
 */
export function RadioCard({
  id,
  name,
  value,
  isChecked,
  onSelect,
  title,
  hint,
}: {
  id: string;
  name: string;
  value: string;
  isChecked: boolean;
  onSelect: () => void;
  title: ReactNode;
  hint: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer gap-2 rounded-md border p-3 text-sm',
        isChecked ? 'border-primary bg-primary/5' : 'border-input',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={isChecked}
        onChange={onSelect}
        className="accent-primary mt-0.5"
      />
      <span>
        <span className="block font-medium">{title}</span>
        <span className="text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}
