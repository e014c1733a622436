import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OrderDetailView } from '@client/features/orders/order-detail-view';
import { OrderMessages } from '@client/features/orders/order-messages';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { OrderTimeline, timelineOf } from '@client/features/orders/order-timeline';
import type { AccountOrderDetail } from '@client/features/orders/order-types';
import { QuoteRevisionView } from '@client/features/orders/quote-revision-view';
import { useTRPC } from '@client/lib/trpc';
import { AcceptQuoteDialog } from './accept-quote-dialog';
import { QuoteSummary } from './quote-summary';

const canAccept = (order: AccountOrderDetail) => {
  const [current] = order.revisions;
  return Boolean(current && !current.isExpired && order.status === 'Modificado');
};

export function AccountOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.account.orders.get.queryOptions({ id }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
  const [isAccepting, setAccepting] = useState(false);

  return (
    <OrderDetailView
      query={query}
      back={{ to: '/account/pedidos', label: 'Volver a pedidos' }}
      status={(order) => <OrderStatusBadge status={order.status} />}
      top={(order: AccountOrderDetail) => {
        const [current] = order.revisions;
        if (!current) return null;
        return (
          <>
            <QuoteSummary
              orderId={order.id}
              revision={current}
              onAccept={canAccept(order) ? () => setAccepting(true) : undefined}
            />
            {canAccept(order) && (
              <AcceptQuoteDialog
                order={order}
                revision={current}
                open={isAccepting}
                onOpenChange={setAccepting}
              />
            )}
          </>
        );
      }}
      below={(order: AccountOrderDetail) => {
        const [current] = order.revisions;
        return (
          <>
            {current && (
              <QuoteRevisionView orderId={order.id} revision={current} title="Cotización" />
            )}
            <OrderMessages
              order={order}
              reader="customer"
              procedures={trpc.account.orders}
              onChanged={() => void refresh()}
            />
          </>
        );
      }}
      aside={{
        title: 'Historial',
        content: (order: AccountOrderDetail) => (
          <OrderTimeline entries={timelineOf(order.id, order.history, order.revisions)} />
        ),
      }}
    />
  );
}
