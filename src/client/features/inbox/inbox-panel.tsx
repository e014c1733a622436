import type { ReactNode } from 'react';
import { type QueryFilters, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { Skeleton, SkeletonGroup } from '@client/components/ui/skeleton';
import { notify } from '@client/components/ui/toast';
import { errorMessage } from '@client/lib/errors';
import { errorToast, messages } from '@shared/client-messages';
import type { Page } from '@shared/page';

type PageData = Page<unknown> & { unread?: number };

/** What each inbox section receives from the page: its page number in the URL. */
export type PanelPageProps = { page: number; onPage: (page: number) => void };

/** A section's read/unread toggle: refreshes that section's list, toasts a refusal. */
export function useReadToggleCallbacks(list: QueryFilters) {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => queryClient.invalidateQueries(list),
    onError: (error: unknown) => notify.error(errorToast(errorMessage(error))),
  };
}

type InboxPanelProps<T extends PageData> = {
  query: UseQueryResult<T, unknown>;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  render: (data: T) => ReactNode;
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
  return (
    <QueryState
      query={query}
      pending={
        <SkeletonGroup className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} rounded="lg" className="h-28 w-full" />
          ))}
        </SkeletonGroup>
      }
      error={
        <EmptyState
          icon={AlertCircle}
          title={messages.inboxLoadFailed}
          action={<Button onClick={() => void query.refetch()}>{messages.retry}</Button>}
        />
      }
    >
      {(data) =>
        data.items.length === 0 && page === 1 ? (
          empty
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-muted-foreground text-sm">
                {data.total} en total
                {data.unread !== undefined ? ` · ${data.unread} sin leer` : null}
              </p>
              {actions}
            </div>
            {render(data)}
            {data.pageCount > 1 ? (
              <Pagination page={page} pageCount={data.pageCount} onPage={onPage} />
            ) : null}
          </div>
        )
      }
    </QueryState>
  );
}
