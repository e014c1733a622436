import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { TextareaField } from '@client/components/ui/textarea-field';
import { Spinner } from '@client/components/ui/spinner';
import { orderStatusLabel, STATUS_REASON_MAX } from '@shared/order-status';
import { STATUS_REASON_REQUIRED } from '@shared/schemas/order';

/**
 * A status change that gives the order's stock back (Cancelado) asks for confirmation and a
 * 'Motivo', which the customer reads on the order and in the status mail. The server requires
 * it too; its refusal shows under the field (`serverError`).
 */
export function StatusReasonDialog({
  orderId,
  status,
  isPending,
  serverError,
  onConfirm,
  onCancel,
}: {
  orderId: number;
  /** The status asked for; the dialog is open while there is one. */
  status: string | null;
  isPending: boolean;
  serverError?: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const shown = error ?? serverError;
  const close = () => {
    setReason('');
    setError(undefined);
    onCancel();
  };
  return (
    <AlertDialog open={status !== null} onOpenChange={(open) => !open && !isPending && close()}>
      {/* React events bubble out of the portal to the orders list's row, which opens the order. */}
      <AlertDialogContent
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return setError(STATUS_REASON_REQUIRED);
            setError(undefined);
            onConfirm(reason.trim());
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>
              ¿Pasar la orden #{orderId} a {orderStatusLabel(status ?? '')}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              El stock reservado vuelve a la tienda. El cliente verá el motivo en su pedido y en el
              correo que le avisa.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <TextareaField
            id={`status-reason-${orderId}`}
            label="Motivo"
            rows={3}
            maxLength={STATUS_REASON_MAX}
            value={reason}
            error={shown}
            onChange={(event) => setReason(event.target.value)}
          />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isPending}>Volver</AlertDialogCancel>
            <Button
              type="submit"
              variant="destructive"
              disabled={isPending}
              aria-busy={isPending || undefined}
            >
              {isPending ? <Spinner size="sm" tone="current" /> : null}
              Confirmar {orderStatusLabel(status ?? '').toLowerCase()}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
