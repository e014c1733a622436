import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { buttonVariants } from './button';

type FilePickerButtonProps = {
  id: string;
  accept: string;
  /** The chosen file; null when the dialog was closed without one. */
  onPick: (file: File | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  size?: 'default' | 'sm';
  className?: string;
  /** A name for the button when its visible text alone does not say what it uploads. */
  label?: string;
  children: ReactNode;
};

/**
 * A file input shown as an outline button. The native control speaks the browser's language,
 * so it stays hidden (still focusable, still the one the label opens) behind a Spanish label
 * styled as the button. Picking the same file twice still reports it: the input is emptied
 * after each pick.
 */
export function FilePickerButton({
  id,
  accept,
  onPick,
  disabled,
  invalid,
  describedBy,
  size = 'default',
  className,
  label,
  children,
}: FilePickerButtonProps) {
  return (
    <>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(event) => {
          onPick(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        aria-label={label}
        className={cn(
          buttonVariants({ variant: 'outline', size }),
          'peer-focus-visible:ring-ring cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-offset-2 peer-disabled:pointer-events-none peer-disabled:opacity-50',
          className,
        )}
      >
        {children}
      </label>
    </>
  );
}
