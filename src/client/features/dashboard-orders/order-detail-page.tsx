import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { OrderDetailView } from '@client/features/orders/order-detail-view';
import { OrderMessages } from '@client/features/orders/order-messages';
import { OrderStatusNotice } from '@client/features/orders/order-status-notice';
import { QuoteRevisionView } from '@client/features/orders/quote-revision-view';
import { useTRPC } from '@client/lib/trpc';
import { formatDateTime } from '@shared/format';
import { CONCLUDED_STATUS, EXPIRED_STATUS } from '@shared/order-status';
import { CreditReviewPanel } from '@client/features/orders/order-credit-hold';
import { fulfilmentEntries } from '@client/features/orders/order-fulfilment';
import {
  ChangeRequestNotice,
  changeRequestEntries,
} from '@client/features/orders/change-request-notice';
import { AdminOrderPayment } from '@client/features/orders/order-payment';
import { HeldUnitsCap } from './held-units-cap';
import { type EditorLine, RevisionEditor } from './revision-editor';
import { StatusHistory } from './status-history';
import { StaffFulfilmentPanel } from './fulfilment-panel';
import { OrderDocumentsCard } from './order-documents';
import { OrderStatusSelect } from './status-select';
import { OwnerSelect, useAssignOwner } from './desk-list';

/** Statuses staff can answer with a revision; from Vencida it is the renewal. */
const REVISABLE_STATUSES = ['Cotización', 'Modificado', EXPIRED_STATUS];

/** The order's 'Responsable', changed at once. */
function OrderOwnerField({ orderId, ownerId }: { orderId: number; ownerId: number | null }) {
  const assign = useAssignOwner();
  return (
    <FormField label="Responsable" htmlFor={`responsable-${orderId}`}>
      <div className="w-60">
        <OwnerSelect
          id={`responsable-${orderId}`}
          value={ownerId === null ? '' : String(ownerId)}
          disabled={assign.isPending}
          onChange={(value) =>
            assign.mutate({ orderIds: [orderId], ownerId: value ? Number(value) : null })
          }
        />
      </div>
    </FormField>
  );
}

export function AdminOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.admin.orders.get.queryOptions({ id }));
  const [isEditing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() });
  // Opening the order reads it for this staff member (docs/decisions/092-one-desk-for-quotes.md):
  // the list's mark and the count beside 'Órdenes' follow.
  const { mutate: markOpened } = useMutation(
    trpc.admin.orders.markRead.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.admin.orders.unread.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.orders.list.pathKey() });
      },
    }),
  );
  useEffect(() => markOpened({ id }), [id, markOpened]);

  return (
    <OrderDetailView
      query={query}
      back={{ to: '/dashboard/ordenes', label: 'Volver a Órdenes' }}
      status={(order) => (
        <div className="flex flex-wrap gap-4">
          <FormField label="Estado" htmlFor={`estado-${order.id}`}>
            <OrderStatusSelect
              id={`estado-${order.id}`}
              orderId={order.id}
              status={order.status}
              className="w-60"
            />
          </FormField>
          <OrderOwnerField orderId={order.id} ownerId={order.ownerId} />
        </div>
      )}
      customerExtra={(order) => <HeldUnitsCap orderId={order.id} held={order.heldUnits} />}
      top={(order) =>
        order.openChangeRequest && (
          <ChangeRequestNotice
            request={order.openChangeRequest}
            title={`El cliente pidió cambios a la cotización N° ${order.id}-${order.openChangeRequest.revision}`}
          >
            <p className="text-muted-foreground text-sm">
              Respondé con una nueva cotización: al enviarla, este pedido queda respondido.
            </p>
          </ChangeRequestNotice>
        )
      }
      below={(order) => {
        const [current] = order.revisions;
        // The editor starts from what the customer last saw: the latest revision, else the request.
        const initialLines: EditorLine[] = current
          ? current.lines.flatMap((line) =>
              line.variantId === null
                ? []
                : [
                    {
                      variantId: line.variantId,
                      label: `${line.productName} (${line.storage} / ${line.colorName})`,
                      unitPrice: line.unitPrice,
                      quantity: line.quantity,
                      discountPercent: line.discountPercent,
                      isBackorder: line.isBackorder,
                      expectedOn: line.expectedOn ?? undefined,
                    },
                  ],
            )
          : order.items.flatMap((item) =>
              item.variantId === null
                ? []
                : [
                    {
                      variantId: item.variantId,
                      label: `${item.productName} (${item.storage} / ${item.colorName})`,
                      unitPrice: item.price,
                      quantity: item.quantity,
                      discountPercent: '0',
                      isBackorder: item.isBackorder,
                    },
                  ],
            );
        const isExpired = order.status === EXPIRED_STATUS || Boolean(current?.isExpired);
        return (
          <>
            <OrderStatusNotice order={order}>
              {order.status === EXPIRED_STATUS && (
                <p className="text-muted-foreground text-sm">
                  {order.renewalRequestedAt
                    ? `El cliente pidió la renovación el ${formatDateTime(order.renewalRequestedAt)}. `
                    : ''}
                  Una nueva cotización vuelve a reservar el stock.
                </p>
              )}
            </OrderStatusNotice>
            <CreditReviewPanel orderId={order.id} status={order.status} />
            {order.fulfilment && (
              <StaffFulfilmentPanel
                orderId={order.id}
                fulfilment={order.fulfilment}
                delivery={order.delivery}
              />
            )}
            <AdminOrderPayment key={order.status} orderId={order.id} />
            <OrderDocumentsCard orderId={order.id} />
            {isEditing ? (
              <RevisionEditor
                orderId={order.id}
                initialLines={initialLines}
                delivery={order.delivery}
                onClose={() => setEditing(false)}
              />
            ) : (
              REVISABLE_STATUSES.includes(order.status) && (
                <Button onClick={() => setEditing(true)}>
                  <FileText />{' '}
                  {order.status === EXPIRED_STATUS ? 'Preparar renovación' : 'Preparar cotización'}
                </Button>
              )
            )}
            {order.revisions.map((revision, index) => (
              <QuoteRevisionView
                key={revision.id}
                orderId={order.id}
                revision={revision}
                title={
                  index > 0
                    ? 'Cotización anterior'
                    : order.status === CONCLUDED_STATUS
                      ? 'Cotización aceptada'
                      : isExpired
                        ? 'Cotización vencida'
                        : 'Cotización vigente'
                }
              />
            ))}
            <OrderMessages
              order={order}
              reader="admin"
              procedures={trpc.admin.orders}
              onChanged={() => void refresh()}
            />
          </>
        );
      }}
      aside={{
        title: 'Historial de estados',
        content: (order) => (
          <StatusHistory
            entries={order.history}
            revisions={order.revisions}
            orderId={order.id}
            extra={[
              ...fulfilmentEntries(order.fulfilment),
              ...changeRequestEntries(order.id, order.changeRequests),
            ]}
          />
        ),
      }}
    />
  );
}
