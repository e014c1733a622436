import { useQuery } from '@tanstack/react-query';
import { OrderDetailView } from '@client/features/orders/order-detail-view';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { useTRPC } from '@client/lib/trpc';

export function AccountOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.account.orders.get.queryOptions({ id }));
  return (
    <OrderDetailView
      query={query}
      back={{ to: '/account/pedidos', label: 'Volver a pedidos' }}
      status={(order) => <OrderStatusBadge status={order.status} />}
    />
  );
}
