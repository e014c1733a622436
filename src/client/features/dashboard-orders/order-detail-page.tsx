import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { OrderDetailView } from '@client/features/orders/order-detail-view';
import { OrderMessages } from '@client/features/orders/order-messages';
import { QuoteRevisionView } from '@client/features/orders/quote-revision-view';
import { useTRPC } from '@client/lib/trpc';
import { OPEN_QUOTE_STATUSES } from '@shared/order-status';
import { HeldUnitsCap } from './held-units-cap';
import { type EditorLine, RevisionEditor } from './revision-editor';
import { StatusHistory } from './status-history';
import { OrderStatusSelect } from './status-select';

export function AdminOrderPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.admin.orders.get.queryOptions({ id }));
  const [isEditing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() });

  return (
    <OrderDetailView
      query={query}
      back={{ to: '/dashboard/ordenes', label: 'Volver a Ordenes' }}
      status={(order) => (
        <FormField label="Estado" htmlFor={`estado-${order.id}`}>
          <OrderStatusSelect
            id={`estado-${order.id}`}
            orderId={order.id}
            status={order.status}
            className="w-44"
          />
        </FormField>
      )}
      customerExtra={(order) => <HeldUnitsCap orderId={order.id} held={order.heldUnits} />}
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
        return (
          <>
            {isEditing ? (
              <RevisionEditor
                orderId={order.id}
                initialLines={initialLines}
                onClose={() => setEditing(false)}
              />
            ) : (
              (OPEN_QUOTE_STATUSES as readonly string[]).includes(order.status) && (
                <Button onClick={() => setEditing(true)}>
                  <FileText /> Preparar cotización
                </Button>
              )
            )}
            {order.revisions.map((revision, index) => (
              <QuoteRevisionView
                key={revision.id}
                orderId={order.id}
                revision={revision}
                title={index === 0 ? 'Cotización vigente' : `Cotización anterior`}
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
          <StatusHistory entries={order.history} revisions={order.revisions} orderId={order.id} />
        ),
      }}
    />
  );
}
