import type * as React from 'react';
import { cn } from '@client/lib/cn';

const controlShape =
  'rounded-md border px-3 py-2 text-sm shadow-sm transition-colors focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive';

/** Colours of a field on the page's light surfaces, or on the footer's dark one. */
const controlTones = {
  light: 'border-input bg-card text-foreground placeholder:text-muted-foreground',
  dark: 'border-slate-700 bg-slate-900 text-white placeholder:text-slate-400 focus-visible:ring-offset-slate-950',
} as const;

export const controlClasses = `w-full ${controlShape} ${controlTones.light}`;

export function Input({
  className,
  type = 'text',
  tone = 'light',
  compact = false,
  fullWidth = true,
  ...props
}: React.ComponentProps<'input'> & {
  tone?: keyof typeof controlTones;
  /** 32 px high instead of 40, for a field inside a panel's title row. */
  compact?: boolean;
  /** False when the className gives the field its own width. */
  fullWidth?: boolean;
}) {
  return (
    <input
      type={type}
      className={cn(
        fullWidth && 'w-full',
        controlShape,
        controlTones[tone],
        compact ? 'h-8' : 'h-10',
        'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  );
}
