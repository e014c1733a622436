import type { ReactNode } from 'react';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { Skeleton, SkeletonGroup } from '@client/components/ui/skeleton';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import type { useTRPC } from '@client/lib/trpc';
import { errorToast, messages } from '@shared/client-messages';
import type { Page } from '@shared/page';

type PageData = Page<unknown> & { unread?: number };

/** What each inbox section receives from the page: its page number in the URL. */
export type PanelPageProps = { page: number; onPage: (page: number) => void };

/** The procedures of a section whose items are marked read or unread (messages, quotes). */
type ReadableSection = Pick<
  ReturnType<typeof useTRPC>['admin']['inbox']['messages'],
  'setRead' | 'pathFilter'
>;

/**
 * A section's read/unread toggle, as the props InboxItem takes for one item: a change
 * refreshes that section's list, a refusal is toasted.
 */
export function useReadToggle(section: ReadableSection) {
  const queryClient = useQueryClient();
  const setRead = useMutation(
    section.setRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(section.pathFilter()),
      onError: (error) => notify.error(errorToast(errorMessage(error))),
    }),
  );
  return (item: { id: number; isRead: boolean; createdAt: Date }) => ({
    createdAt: item.createdAt,
    isRead: item.isRead,
    isToggling: setRead.isPending,
    onToggleRead: () => setRead.mutate({ id: item.id, isRead: !item.isRead }),
  });
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
