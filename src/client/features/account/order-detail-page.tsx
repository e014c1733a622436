import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useTRPC } from '@client/lib/trpc';
import { formatDate } from '@shared/format';
import { messages } from '@shared/messages';
import { OrderCustomer } from './order-customer';
import { OrderItemsTable } from './order-items-table';
import { OrderStatusBadge } from './order-status-badge';

export function AccountOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.account.orders.get.queryOptions({ id }));

  return (
    <div className="space-y-6">
      <Button asChild variant="outline" size="sm">
        <Link to="/account/pedidos">
          <ArrowLeft /> Volver a pedidos
        </Link>
      </Button>
      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : query.isError ? (
        <p className="text-destructive py-8">{messages.orderLoadFailed}</p>
      ) : (
        <Card>
          <CardContent className="space-y-8 p-4 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h1 className="text-2xl font-bold">Pedido #{query.data.id}</h1>
                <p className="text-muted-foreground text-sm">{formatDate(query.data.createdAt)}</p>
              </div>
              <OrderStatusBadge status={query.data.status} />
            </div>
            <OrderItemsTable items={query.data.items} total={query.data.totalAmount} />
            <OrderCustomer order={query.data} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
