import { useMutation } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { errorMessage } from '@client/lib/errors';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { PENDING_APPROVAL_STATUS } from '@shared/order-status';
import { DECLINE_REASON_MAX } from '@shared/schemas/company-members';
import type { AccountOrderDetail } from '@client/features/orders/order-types';

const DECLINE_FIELDS = ['reason'];

/**
 * An order waiting for the company's approval: its administrators approve it or decline it
 * with a reason; its requester reads that it waits.
 */
export function ApprovalPanel({
  order,
  onChanged,
}: {
  order: AccountOrderDetail;
  onChanged: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [reason, setReason] = useState('');
  const [isDeclining, setDeclining] = useState(false);
  const done = (text: string) => async () => {
    notify.success(text);
    await onChanged();
  };
  const approve = useMutation(
    trpc.account.company.approve.mutationOptions({
      onSuccess: done(accountMessages.approvalApproved),
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  const refusal = useRefusalState(DECLINE_FIELDS);
  const decline = useMutation(
    trpc.account.company.decline.mutationOptions({
      onSuccess: done(accountMessages.approvalDeclined),
      onError: refusal.show,
    }),
  );
  if (order.status !== PENDING_APPROVAL_STATUS) return null;
  if (!order.reader.isCompanyAdmin) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Aprobación pendiente</CardTitle>
          <p className="text-muted-foreground text-sm">
            El total supera el límite de compra de quien la aceptó: espera la aprobación de un
            administrador de la empresa.
          </p>
        </CardHeader>
      </Card>
    );
  }
  const isPending = approve.isPending || decline.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Aprobación pendiente</CardTitle>
        <p className="text-muted-foreground text-sm">
          {order.customerName} aceptó esta cotización, pero el total supera su límite de compra.
          Como administrador de la empresa, decidí si sigue adelante.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {isDeclining ? (
          <form
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              decline.mutate({ orderId: order.id, reason });
            }}
          >
            <TextareaField
              id="decline-reason"
              label="Motivo del rechazo"
              maxLength={DECLINE_REASON_MAX}
              value={reason}
              error={refusal.errors.reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="destructive" disabled={isPending}>
                Rechazar
              </Button>
              <Button variant="ghost" onClick={() => setDeclining(false)} disabled={isPending}>
                Volver
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button disabled={isPending} onClick={() => approve.mutate({ orderId: order.id })}>
              <Check aria-hidden="true" /> Aprobar
            </Button>
            <Button
              variant="outline-destructive"
              disabled={isPending}
              onClick={() => setDeclining(true)}
            >
              <X aria-hidden="true" /> Rechazar
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
