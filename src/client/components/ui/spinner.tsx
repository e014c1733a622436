import { Loader2 } from 'lucide-react';
import { cn } from '@client/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

const tones = { primary: 'text-primary', current: 'text-current' } as const;

export type SpinnerProps = {
  size?: keyof typeof sizes;
  /** `current`: the colour of the text around it, e.g. inside a button. */
  tone?: keyof typeof tones;
  className?: string;
  label?: string;
};

export function Spinner({
  size = 'md',
  tone = 'primary',
  className,
  label = 'Cargando',
}: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2
        aria-hidden="true"
        className={cn('animate-spin', tones[tone], sizes[size], className)}
      />
    </span>
  );
}

/** `page`: most of the screen; `panel`: the height of a form's card. */
export function FullPageSpinner({ height = 'page' }: { height?: 'page' | 'panel' }) {
  return (
    <div
      className={cn(
        'flex w-full items-center justify-center',
        height === 'page' ? 'min-h-[60vh]' : 'min-h-64',
      )}
    >
      <Spinner size="lg" />
    </div>
  );
}
