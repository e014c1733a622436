import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { PageSizeSelect, StaffListHeader } from '@client/components/staff-list';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { type AdminOrdersSearch } from '@shared/schemas/search-params';
import { adminOrdersInput, ordersCsvHref } from './admin-orders';
import { hasFilters, isRangeReversed, OrdersFilters } from './orders-filters';
import { Checkbox } from '@client/components/ui/checkbox';
import { DeskList } from './desk-list';

function emptyDescription(search: AdminOrdersSearch) {
  if (search.q || search.desde || search.hasta) return messages.noOrdersMatching;
  return search.status || search.despacho ? messages.noOrdersWithStatus : messages.noOrdersHint;
}

export function AdminOrdersPage({ search }: { search: AdminOrdersSearch }) {
  const page = search.page ?? 1;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const isReversed = isRangeReversed(search);
  const query = useQuery({
    ...trpc.admin.orders.list.queryOptions(adminOrdersInput(search)),
    placeholderData: (previous) => previous,
    enabled: !isReversed,
  });
  // A change applies to the URL's search as it is when the change is made, not as this render
  // saw it: two changes in a row (both dates filled at once) both stay.
  const changeSearch = (change: (previous: AdminOrdersSearch) => AdminOrdersSearch) =>
    void navigate({ from: '/dashboard/ordenes/', to: '/dashboard/ordenes', search: change });

  return (
    <div className="space-y-6">
      <StaffListHeader
        title="Órdenes"
        total={isReversed ? undefined : query.data?.total}
        isFiltered={hasFilters(search)}
        csvHref={isReversed ? undefined : ordersCsvHref(search)}
      />

      <OrdersFilters
        search={search}
        // A new filter starts again from page 1.
        onChange={(patch) =>
          changeSearch((previous) => ({ ...previous, ...patch, page: undefined }))
        }
        onClear={() => changeSearch(() => ({}))}
      />

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <Checkbox
            checked={search.mias === true}
            onCheckedChange={(on) =>
              changeSearch((previous) => ({
                ...previous,
                mias: on === true ? true : undefined,
                page: undefined,
              }))
            }
          />
          Mis órdenes
        </label>
        <PageSizeSelect
          value={search.porPagina}
          // A new size starts again from page 1.
          onChange={(porPagina) =>
            changeSearch((previous) => ({ ...previous, porPagina, page: undefined }))
          }
        />
      </div>

      {!isReversed && (
        <QueryState query={query}>
          {({ items, pageCount, now }) =>
            items.length === 0 ? (
              <EmptyState
                icon={Inbox}
                title={messages.noOrders}
                description={emptyDescription(search)}
              />
            ) : (
              <>
                <DeskList rows={items} now={now} />
                <Pagination
                  page={page}
                  pageCount={pageCount}
                  onPage={(next) => changeSearch((previous) => ({ ...previous, page: next }))}
                />
              </>
            )
          }
        </QueryState>
      )}
    </div>
  );
}
