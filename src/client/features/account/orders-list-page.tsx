import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PackageOpen } from 'lucide-react';
import { QueryState } from '@client/components/query-state';
import { GoToShopButton } from '@client/components/go-to-shop-button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { OrdersTable } from '@client/features/orders/orders-table';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';

export function AccountOrdersPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const query = useQuery(trpc.account.orders.list.queryOptions({ page }));
  const goTo = (target: number) =>
    void navigate({ to: '/account/pedidos', search: { page: target } });

  return (
    <QueryState query={query}>
      {({ items, total, pageCount }) => (
        <div className="space-y-6">
          <div className="flex items-baseline gap-3">
            <h1 className="text-2xl font-bold">Pedidos</h1>
            <span className="text-muted-foreground text-sm">({total})</span>
          </div>
          {total === 0 ? (
            <EmptyState
              icon={PackageOpen}
              title={messages.noOrdersYet}
              description={messages.noOrdersYetHint}
              action={<GoToShopButton />}
            />
          ) : (
            <OrdersTable
              orders={items}
              label="Pedidos"
              detailRoute="/account/pedidos/$id"
              status={(order) => <OrderStatusBadge status={order.status} />}
            />
          )}
          {pageCount > 1 && <Pagination page={page} pageCount={pageCount} onPage={goTo} />}
        </div>
      )}
    </QueryState>
  );
}
