import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useAddLinesToCart } from '@client/lib/use-add-lines-to-cart';
import { notify } from '@client/lib/notify';
import { OrderDetailView } from '@client/features/orders/order-detail-view';
import { OrderMessages } from '@client/features/orders/order-messages';
import { OrderStatusBadge } from '@client/features/orders/order-status-badge';
import { OrderStatusNotice } from '@client/features/orders/order-status-notice';
import { OrderTimeline, timelineOf } from '@client/features/orders/order-timeline';
import type { AccountOrderDetail } from '@client/features/orders/order-types';
import { QuoteRevisionView } from '@client/features/orders/quote-revision-view';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { messages } from '@shared/client-messages';
import { formatDate } from '@shared/format';
import { EXPIRED_STATUS } from '@shared/order-status';
import { AccountCreditHold } from '@client/features/orders/order-credit-hold';
import { fulfilmentEntries, OrderFulfilmentCard } from '@client/features/orders/order-fulfilment';
import { OrderInvoicesCard } from '@client/features/orders/order-invoices';
import { AccountOrderPayment } from '@client/features/orders/order-payment';
import {
  ChangeRequestNotice,
  changeRequestEntries,
} from '@client/features/orders/change-request-notice';
import { AcceptQuoteDialog } from './accept-quote-dialog';
import { ChangeRequestDialog } from './change-request-dialog';
import { ApprovalPanel } from './approval-panel';
import { QuoteSummary } from './quote-summary';
import { ConfirmReceiptButton } from './receipt-button';

/**
 * Only who requested a company's quote accepts it, while still its member; the other members
 * read it (docs/decisions/074-a-rut-is-not-a-key.md).
 */
const canAccept = (order: AccountOrderDetail) => {
  const [current] = order.revisions;
  return Boolean(
    current &&
    !current.isExpired &&
    order.status === 'Modificado' &&
    order.reader.isRequester &&
    order.reader.canAct,
  );
};

/** Who left the order's company reads it as history: no button of theirs would be accepted. */
function FormerMemberNotice() {
  return (
    <Card role="status" data-testid="former-member-notice">
      <div className="flex items-start gap-3 p-4 sm:p-6">
        <History className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 text-sm">{accountMessages.orderFormerMember}</p>
      </div>
    </Card>
  );
}

export function AccountOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.account.orders.get.queryOptions({ id }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
  // 'Volver a pedir': the order's lines back in the cart, at today's prices for this buyer.
  const reorder = useAddLinesToCart();
  const orderAgain = () =>
    reorder.add(() =>
      queryClient.fetchQuery({ ...trpc.orders.reorder.queryOptions({ id }), staleTime: 0 }),
    );
  const [isAccepting, setAccepting] = useState(false);
  const [isAskingChanges, setAskingChanges] = useState(false);
  const renewal = useMutation(
    trpc.account.orders.requestRenewal.mutationOptions({
      onSuccess: async () => {
        notify.success(messages.renewalRequested);
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
      top={(order: AccountOrderDetail) => {
        const [current] = order.revisions;
        return (
          <>
            {!order.reader.canAct && <FormerMemberNotice />}
            {/* Why the store stopped the order ('Venció el …'), with the way back. */}
            <OrderStatusNotice order={order}>
              {order.status === EXPIRED_STATUS &&
                order.reader.isRequester &&
                order.reader.canAct &&
                (order.renewalRequestedAt ? (
                  <p className="text-muted-foreground text-sm">
                    {messages.renewalAlreadyRequested(formatDate(order.renewalRequestedAt))}
                  </p>
                ) : (
                  <Button
                    disabled={renewal.isPending}
                    onClick={() => renewal.mutate({ id: order.id })}
                  >
                    Pedir renovación
                  </Button>
                ))}
            </OrderStatusNotice>
            {order.openChangeRequest && (
              <ChangeRequestNotice
                request={order.openChangeRequest}
                title={
                  order.reader.isRequester
                    ? `Pediste cambios a la cotización N° ${order.id}-${order.openChangeRequest.revision}`
                    : `${order.openChangeRequest.requestedByName ?? 'Quien la pidió'} pidió cambios a la cotización N° ${order.id}-${order.openChangeRequest.revision}`
                }
              >
                <p className="text-muted-foreground text-sm">
                  Te avisamos cuando llegue la nueva cotización; mientras tanto esta sigue vigente.
                </p>
              </ChangeRequestNotice>
            )}
            {/* The company's decision comes first: it is what the administrator came for. */}
            <ApprovalPanel order={order} onChanged={refresh} />
            <AccountCreditHold orderId={order.id} status={order.status} />
            {current && (
              <QuoteSummary
                orderId={order.id}
                revision={current}
                onAccept={canAccept(order) ? () => setAccepting(true) : undefined}
                onRequestChanges={
                  canAccept(order) && !order.openChangeRequest
                    ? () => setAskingChanges(true)
                    : undefined
                }
              />
            )}
            {current && isAskingChanges && (
              <ChangeRequestDialog
                orderId={order.id}
                revision={current.number}
                onClose={() => setAskingChanges(false)}
              />
            )}
            {current && canAccept(order) && (
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
            {order.fulfilment && (
              <OrderFulfilmentCard
                orderId={order.id}
                fulfilment={order.fulfilment}
                dispatchAction={(dispatch) =>
                  order.reader.canAct && <ConfirmReceiptButton dispatchId={dispatch.id} />
                }
              />
            )}
            <AccountOrderPayment key={order.status} orderId={order.id} />
            <OrderInvoicesCard key={`invoices-${order.status}`} orderId={order.id} />
            <Button
              variant="outline"
              className="self-start"
              disabled={reorder.isAdding}
              onClick={() => void orderAgain()}
            >
              <RotateCcw aria-hidden="true" /> Volver a pedir
            </Button>
            {current && (
              <QuoteRevisionView orderId={order.id} revision={current} title="Cotización" />
            )}
            <OrderMessages
              order={order}
              reader="customer"
              procedures={trpc.account.orders}
              onChanged={() => void refresh()}
              canWrite={order.reader.canAct}
            />
          </>
        );
      }}
      aside={{
        title: 'Historial',
        content: (order: AccountOrderDetail) => (
          <OrderTimeline
            entries={timelineOf(order.id, order.history, order.revisions, {
              extra: [
                ...fulfilmentEntries(order.fulfilment),
                ...changeRequestEntries(order.id, order.changeRequests),
              ],
            })}
          />
        ),
      }}
    />
  );
}
