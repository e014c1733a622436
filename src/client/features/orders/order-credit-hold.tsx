import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextareaField } from '@client/components/ui/textarea-field';
import { errorMessage } from '@client/lib/errors';
import { notify } from '@client/lib/notify';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { collectionsMessages, creditHoldMessage } from '@shared/collections-messages';
import { formatDateTime, formatMoney } from '@shared/format';
import { CREDIT_APPROVAL_STATUS } from '@shared/order-status';
import { CREDIT_REASON_MAX } from '@shared/schemas/collections';

const DECLINE_FIELDS = ['reason'];

/** The buyer's side of an acceptance waiting for credit: what passed, and that the store decides. */
export function AccountCreditHold({ orderId, status }: { orderId: number; status: string }) {
  const trpc = useTRPC();
  const { data } = useQuery({
    ...trpc.account.collections.creditHold.queryOptions({ orderId }),
    enabled: status === CREDIT_APPROVAL_STATUS,
  });
  if (status !== CREDIT_APPROVAL_STATUS || !data) return null;
  return (
    <Card role="status" data-testid="credit-hold">
      <CardHeader>
        <CardTitle>Aprobación de crédito</CardTitle>
        <p className="text-sm">{creditHoldMessage(data.available)}</p>
      </CardHeader>
    </Card>
  );
}

/** Staff decide on an acceptance waiting for credit: approve it, or decline it with a reason. */
export function CreditReviewPanel({ orderId, status }: { orderId: number; status: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: review } = useQuery({
    ...trpc.admin.collections.creditReview.queryOptions({ orderId }),
    enabled: status === CREDIT_APPROVAL_STATUS,
  });
  const [isDeclining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const refusal = useRefusalState(DECLINE_FIELDS);
  const done = (text: string) => async () => {
    notify.success(text);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.collections.pathKey() }),
    ]);
  };
  const approve = useMutation(
    trpc.admin.collections.approveCredit.mutationOptions({
      onSuccess: done(collectionsMessages.creditApproved),
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  const decline = useMutation(
    trpc.admin.collections.declineCredit.mutationOptions({
      onSuccess: done(collectionsMessages.creditDeclined),
      onError: refusal.show,
    }),
  );
  if (status !== CREDIT_APPROVAL_STATUS) return null;
  const isPending = approve.isPending || decline.isPending;
  return (
    <Card role="region" aria-labelledby="aprobacion-de-credito">
      <CardHeader>
        <CardTitle id="aprobacion-de-credito">Aprobación de crédito</CardTitle>
        {review && (
          <p className="text-muted-foreground text-sm">
            Aceptada el {formatDateTime(review.requestedAt)} por {formatMoney(review.total)}, con un
            crédito disponible de {formatMoney(review.available)}. Reserva su stock hasta que
            decidas.
          </p>
        )}
      </CardHeader>
      <CardContent>
        {isDeclining ? (
          <form
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              decline.mutate({ orderId, reason });
            }}
          >
            <TextareaField
              id="credit-decline-reason"
              label="Motivo (el cliente lo lee)"
              maxLength={CREDIT_REASON_MAX}
              value={reason}
              error={refusal.errors.reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="destructive" disabled={isPending}>
                Rechazar crédito
              </Button>
              <Button variant="ghost" onClick={() => setDeclining(false)} disabled={isPending}>
                Volver
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button disabled={isPending} onClick={() => approve.mutate({ orderId })}>
              <Check aria-hidden="true" /> Aprobar crédito
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
