import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { OrderDetailView } from '@client/features/orders/order-detail-view';
import { useTRPC } from '@client/lib/trpc';
import { StatusHistory } from './status-history';
import { OrderStatusSelect } from './status-select';

export function AdminOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.admin.orders.get.queryOptions({ id }));
  return (
    <OrderDetailView
      query={query}
      back={{ to: '/dashboard/ordenes', label: 'Volver a ordenes' }}
      status={(order) => (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`estado-${order.id}`}>Estado</Label>
          <OrderStatusSelect
            id={`estado-${order.id}`}
            orderId={order.id}
            status={order.status}
            className="w-44"
          />
        </div>
      )}
      aside={(order) => (
        <Card>
          <CardHeader>
            <CardTitle>Historial de estados</CardTitle>
          </CardHeader>
          <CardContent>
            <StatusHistory entries={order.history} />
          </CardContent>
        </Card>
      )}
    />
  );
}
