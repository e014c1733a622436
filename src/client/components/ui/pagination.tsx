import type * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button } from './button';

export type PaginationProps = {
  page: number;
  pageCount: number;
  /** Called with the page to show (one before or after this one). */
  onPage: (page: number) => void;
  summary?: React.ReactNode;
  className?: string;
};

export function Pagination({ page, pageCount, onPage, summary, className }: PaginationProps) {
  return (
    <nav
      aria-label="Paginación"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {summary ?? `Página ${page} de ${Math.max(pageCount, 1)}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" />
          Anterior
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(page + 1)}
          disabled={page >= pageCount}
        >
          Siguiente
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
