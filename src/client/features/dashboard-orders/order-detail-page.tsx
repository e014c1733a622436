import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { OrderCustomer } from '@client/features/account/order-customer';
import { OrderItemsTable } from '@client/features/account/order-items-table';
import { useTRPC } from '@client/lib/trpc';
import { formatDate } from '@shared/format';
import { messages } from '@shared/messages';
import { StatusHistory } from './status-history';
import { OrderStatusSelect } from './status-select';

export function AdminOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.admin.orders.get.queryOptions({ id }));

  return (
    <div className="space-y-6">
      <Button asChild variant="outline" size="sm">
        <Link to="/dashboard/ordenes">
          <ArrowLeft /> Volver a ordenes
        </Link>
      </Button>
      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : query.isError ? (
        <p className="text-destructive">{messages.orderLoadFailed}</p>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_320px] xl:items-start">
          <Card>
            <CardContent className="space-y-8 p-4 sm:p-6">
              <div className="flex flex-wrap items-end justify-between gap-4">
                <div>
                  <h1 className="text-2xl font-bold">Pedido #{query.data.id}</h1>
                  <p className="text-muted-foreground text-sm">
                    {formatDate(query.data.createdAt)}
                  </p>
                </div>
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`estado-${query.data.id}`}>Estado</Label>
                  <OrderStatusSelect
                    id={`estado-${query.data.id}`}
                    orderId={query.data.id}
                    status={query.data.status}
                    className="w-44"
                  />
                </div>
              </div>
              <OrderItemsTable items={query.data.items} total={query.data.totalAmount} />
              <OrderCustomer order={query.data} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Historial de estados</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusHistory entries={query.data.history} />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
