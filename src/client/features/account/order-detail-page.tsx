import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { notify } from '@client/components/ui/toast';
import { OrderDetailView } from '@client/features/orders/order-detail-view';
import { OrderMessages } from '@client/features/orders/order-messages';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { OrderTimeline, timelineOf } from '@client/features/orders/order-timeline';
import type { AccountOrderDetail } from '@client/features/orders/order-types';
import { QuoteRevisionView } from '@client/features/orders/quote-revision-view';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { messages } from '@shared/client-messages';
import { ApprovalPanel } from './approval-panel';

export function AccountOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.account.orders.get.queryOptions({ id }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
  const accept = useMutation(
    trpc.account.orders.accept.mutationOptions({
      onSuccess: async ({ isPendingApproval }) => {
        // Above a company member's spending limit the company's administrators decide.
        notify.success(
          isPendingApproval ? accountMessages.approvalRequested : messages.revisionAccepted,
        );
        await refresh();
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );

  return (
    <OrderDetailView
      query={query}
      back={{ to: '/account/pedidos', label: 'Volver a pedidos' }}
      status={(order) => <OrderStatusBadge status={order.status} />}
      below={(order: AccountOrderDetail) => {
        const [current] = order.revisions;
        const canAccept =
          current &&
          !current.isExpired &&
          order.status === 'Modificado' &&
          order.reader.isRequester;
        return (
          <>
            <ApprovalPanel order={order} onChanged={refresh} />
            {current && (
              <QuoteRevisionView
                orderId={order.id}
                revision={current}
                title="Cotización"
                actions={
                  canAccept && (
                    <Button
                      disabled={accept.isPending}
                      onClick={() => accept.mutate({ id: order.id, revision: current.number })}
                    >
                      Aceptar cotización
                    </Button>
                  )
                }
              />
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
