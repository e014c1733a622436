import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackageCheck, Truck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { FormDialog } from '@client/components/ui/form-dialog';
import { InputField } from '@client/components/ui/form-field';
import { TextareaField } from '@client/components/ui/textarea-field';
import {
  type Dispatch,
  type Fulfilment,
  OrderFulfilmentCard,
} from '@client/features/orders/order-fulfilment';
import { notify } from '@client/lib/notify';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import type { DeliveryChoice } from '@shared/delivery';
import { storeDay } from '@shared/format';
import { deliveryNoteNumber, pendingOf } from '@shared/fulfilment';
import { fulfilmentMessages } from '@shared/fulfilment-messages';
import { RECEIVED_BY_MAX, REMAINDER_REASON_MAX } from '@shared/schemas/fulfilment';
import { DispatchForm } from './dispatch-form';

const DELIVERED_FIELDS = ['receivedBy', 'deliveredOn'];
const REASON_FIELDS = ['reason'];

/** Refreshes the order (and the lists and figures that show its goods) after a step. */
function useFulfilmentMutationDone() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (message: string, close: () => void) => async () => {
    notify.success(message);
    close();
    await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  };
}

/** 'Marcar entregado': who received it and on which day. */
function DeliveredDialog({ dispatch, onClose }: { dispatch: Dispatch; onClose: () => void }) {
  const trpc = useTRPC();
  const done = useFulfilmentMutationDone();
  const [receivedBy, setReceivedBy] = useState('');
  const [deliveredOn, setDeliveredOn] = useState(storeDay(new Date()));
  const refusal = useRefusalState(DELIVERED_FIELDS);
  const deliver = useMutation(
    trpc.admin.dispatches.deliver.mutationOptions({
      onSuccess: done(fulfilmentMessages.deliveryRecorded, onClose),
      onError: refusal.show,
    }),
  );
  return (
    <FormDialog
      title={`Entrega de la nota N° ${deliveryNoteNumber(dispatch.noteNumber)}`}
      description="Queda en el historial del pedido y el cliente lo ve."
      submitLabel="Marcar entregado"
      isPending={deliver.isPending}
      onSubmit={() => deliver.mutate({ dispatchId: dispatch.id, receivedBy, deliveredOn })}
      onClose={onClose}
    >
      <InputField
        id="entrega-recibio"
        label="Recibió"
        placeholder="Nombre de quien firmó"
        maxLength={RECEIVED_BY_MAX}
        value={receivedBy}
        error={refusal.errors.receivedBy}
        onChange={(event) => setReceivedBy(event.target.value)}
      />
      <InputField
        id="entrega-fecha"
        label="Fecha de entrega"
        type="date"
        value={deliveredOn}
        error={refusal.errors.deliveredOn}
        onChange={(event) => setDeliveredOn(event.target.value)}
      />
    </FormDialog>
  );
}

/** Cancels what has not left, with the reason the buyer reads; its stock returns. */
function CancelRemainderDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const done = useFulfilmentMutationDone();
  const [reason, setReason] = useState('');
  const refusal = useRefusalState(REASON_FIELDS);
  const cancel = useMutation(
    trpc.admin.dispatches.cancelRemainder.mutationOptions({
      onSuccess: done(fulfilmentMessages.remainderCancelled, onClose),
      onError: refusal.show,
    }),
  );
  return (
    <FormDialog
      title="Cancelar lo pendiente"
      description="Lo que ya salió no se cancela. El stock reservado de lo pendiente vuelve a la tienda."
      submitLabel="Cancelar lo pendiente"
      isPending={cancel.isPending}
      onSubmit={() => cancel.mutate({ orderId, reason })}
      onClose={onClose}
    >
      <TextareaField
        id="pendiente-motivo"
        label="Motivo (el cliente lo lee)"
        maxLength={REMAINDER_REASON_MAX}
        value={reason}
        error={refusal.errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}

/**
 * Staff's 'Despacho' on an accepted order: the goods as both sides read them, 'Registrar
 * despacho', 'Marcar entregado' on each dispatch and 'Cancelar lo pendiente'
 * (docs/decisions/082-dispatches-and-delivery-notes.md).
 */
export function StaffFulfilmentPanel({
  orderId,
  fulfilment,
  delivery,
}: {
  orderId: number;
  fulfilment: Fulfilment;
  delivery: DeliveryChoice | null;
}) {
  const [isDispatching, setDispatching] = useState(false);
  const [delivering, setDelivering] = useState<Dispatch>();
  const [isCancelling, setCancelling] = useState(false);
  const hasPending = fulfilment.lines.some((line) => pendingOf(line) > 0);
  return (
    <OrderFulfilmentCard
      orderId={orderId}
      fulfilment={fulfilment}
      dispatchAction={(dispatch) => (
        <Button size="sm" variant="outline" onClick={() => setDelivering(dispatch)}>
          <PackageCheck aria-hidden="true" /> Marcar entregado
        </Button>
      )}
    >
      {isDispatching ? (
        <section className="bg-muted/40 rounded-lg border p-4">
          <DispatchForm
            orderId={orderId}
            fulfilment={fulfilment}
            delivery={delivery}
            onDone={() => setDispatching(false)}
          />
        </section>
      ) : (
        hasPending && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDispatching(true)}>
              <Truck aria-hidden="true" /> Registrar despacho
            </Button>
            {fulfilment.dispatches.length > 0 && (
              <Button variant="outline-destructive" onClick={() => setCancelling(true)}>
                <XCircle aria-hidden="true" /> Cancelar lo pendiente
              </Button>
            )}
          </div>
        )
      )}
      {delivering && (
        <DeliveredDialog dispatch={delivering} onClose={() => setDelivering(undefined)} />
      )}
      {isCancelling && (
        <CancelRemainderDialog orderId={orderId} onClose={() => setCancelling(false)} />
      )}
    </OrderFulfilmentCard>
  );
}
