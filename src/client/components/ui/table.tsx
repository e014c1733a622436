import type * as React from 'react';
import { cn } from '@client/lib/cn';
import { ScrollX } from './scroll-x';
import { styled } from './styled';

function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    // A table wider than a phone scrolls inside its box, the edge with more faded.
    <ScrollX className="relative w-full">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </ScrollX>
  );
}

const TableHeader = styled('thead', '[&_tr]:border-b');

const TableBody = styled('tbody', '[&_tr:last-child]:border-0');

export const TableRow = styled(
  'tr',
  'border-border hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors',
);

const alignments = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

function TableHead({
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

export type TableColumn =
  string | { title: string; align?: keyof typeof alignments; className?: string; srOnly?: boolean };

/**
 * The tables of the store and the dashboard: one header row from `columns` (`false` leaves a
 * column out, for a column only some viewers see), then the body rows the caller renders.
 */
export function DataTable({
  columns,
  children,
  ...props
}: React.ComponentProps<'table'> & { columns: (TableColumn | false)[] }) {
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => {
            if (column === false) return null;
            const { title, align, className, srOnly } =
              typeof column === 'string' ? { title: column } : column;
            return (
              <TableHead key={title} align={align} className={className}>
                {srOnly ? <span className="sr-only">{title}</span> : title}
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
