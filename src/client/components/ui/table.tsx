import type * as React from 'react';
import { cn } from '@client/lib/cn';

export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'border-border hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors',
        className,
      )}
      {...props}
    />
  );
}

const alignments = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

export function TableHead({
  className,
  align = 'left',
  ...props
}: Omit<React.ComponentProps<'th'>, 'align'> & { align?: keyof typeof alignments }) {
  return (
    <th
      className={cn(
        'text-muted-foreground h-10 px-3 align-middle font-medium whitespace-nowrap',
        alignments[align],
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}
