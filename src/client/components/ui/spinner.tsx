import { Loader2 } from 'lucide-react';
import { cn } from '@client/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export type SpinnerProps = {
  size?: keyof typeof sizes;
  className?: string;
  label?: string;
};

export function Spinner({ size = 'md', className, label = 'Cargando' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2
        aria-hidden="true"
        className={cn('text-primary animate-spin', sizes[size], className)}
      />
    </span>
  );
}

export function FullPageSpinner({ className }: { className?: string }) {
  return (
    <div className={cn('flex min-h-[60vh] w-full items-center justify-center', className)}>
      <Spinner size="lg" />
    </div>
  );
}
