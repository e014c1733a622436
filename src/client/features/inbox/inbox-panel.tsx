import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { Skeleton } from '@client/components/ui/skeleton';
import { messages } from '@shared/messages';

type PageData = { items: unknown[]; total: number; pageCount: number; unread?: number };

type InboxPanelProps<T extends PageData> = {
  query: UseQueryResult<T, unknown>;
  page: number;
  onPage(page: number): void;
  empty: ReactNode;
  render(data: T): ReactNode;
  /** Shown beside the totals (e.g. a download link). */
  actions?: ReactNode;
};

/** Loading, error, empty and paginated states shared by the inbox sections. */
export function InboxPanel<T extends PageData>({
  query,
  page,
  onPage,
  empty,
  render,
  actions,
}: InboxPanelProps<T>) {
  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">Cargando...</span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={AlertCircle}
        title={messages.inboxLoadFailed}
        action={<Button onClick={() => void query.refetch()}>Reintentar</Button>}
      />
    );
  }
  const data = query.data;
  if (data.items.length === 0 && page === 1) return empty;
  const unread = data.unread;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">
          {data.total} en total
          {unread !== undefined ? ` · ${unread} sin leer` : null}
        </p>
        {actions}
      </div>
      {render(data)}
      {data.pageCount > 1 ? (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          onPrevious={() => onPage(page - 1)}
          onNext={() => onPage(page + 1)}
        />
      ) : null}
    </div>
  );
}
