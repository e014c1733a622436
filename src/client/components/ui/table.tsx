import type * as React from 'react';
import { cn } from '@client/lib/cn';
import { styled } from './styled';

export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export const TableHeader = styled('thead', '[&_tr]:border-b');

export const TableBody = styled('tbody', '[&_tr:last-child]:border-0');

export const TableRow = styled(
  'tr',
  'border-border hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors',
);

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

export const TableCell = styled('td', 'px-3 py-2.5 align-middle');
