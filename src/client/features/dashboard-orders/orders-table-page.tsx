import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { EmptyState } from '@client/components/ui/empty-state';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Pagination } from '@client/components/ui/pagination';
import { OrdersTable } from '@client/features/orders/orders-table';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/messages';
import { ORDER_STATUSES, orderStatusLabel } from '@shared/order-status';
import { orderStatusSchema } from '@shared/schemas/order';
import type { AdminOrdersSearch } from '@shared/schemas/search-params';
import { OrderStatusSelect } from './status-select';

export function AdminOrdersPage({ search: searchParams }: { search: AdminOrdersSearch }) {
  const search = { ...searchParams, page: searchParams.page ?? 1 };
  const trpc = useTRPC();
  const navigate = useNavigate();
  const query = useQuery({
    ...trpc.admin.orders.list.queryOptions(search),
    placeholderData: (previous) => previous,
  });
  const setSearch = (next: AdminOrdersSearch) =>
    void navigate({ to: '/dashboard/ordenes', search: next });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Ordenes</h1>
          {query.data && (
            <p className="text-muted-foreground text-sm">
              {/* The heading names them: the plural is spelled once, as the navigation does. */}
              Total: {query.data.total}
            </p>
          )}
        </div>
        <div className="flex w-full flex-col gap-1.5 sm:w-56">
          <Label htmlFor="filtro-estado">Filtrar por estado</Label>
          <NativeSelect
            id="filtro-estado"
            value={search.status ?? ''}
            onChange={(event) => {
              const status = orderStatusSchema.safeParse(event.target.value);
              setSearch({ page: 1, status: status.success ? status.data : undefined });
            }}
          >
            <option value="">Todos los estados</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <QueryState query={query}>
        {({ items, pageCount }) =>
          items.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title={messages.noOrders}
              description={search.status ? messages.noOrdersWithStatus : messages.noOrdersHint}
            />
          ) : (
            <>
              <OrdersTable
                orders={items}
                label="Ordenes"
                detailRoute="/dashboard/ordenes/$id"
                status={(order) => (
                  <OrderStatusSelect orderId={order.id} status={order.status} className="w-40" />
                )}
              />
              <Pagination
                page={search.page}
                pageCount={pageCount}
                onPage={(page) => setSearch({ ...search, page })}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
