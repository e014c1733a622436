import type * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button } from './button';

export type PaginationProps = {
  page: number;
  pageCount: number;
  onPrevious(): void;
  onNext(): void;
  summary?: React.ReactNode;
  className?: string;
};

export function Pagination({
  page,
  pageCount,
  onPrevious,
  onNext,
  summary,
  className,
}: PaginationProps) {
  return (
    <nav
      aria-label="Paginación"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {summary ?? `Página ${page} de ${Math.max(pageCount, 1)}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onPrevious} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" />
          Anterior
        </Button>
        <Button variant="outline" size="sm" onClick={onNext} disabled={page >= pageCount}>
          Siguiente
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
