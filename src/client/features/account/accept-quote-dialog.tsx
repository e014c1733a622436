import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
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
import { InputField } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { notify } from '@client/lib/notify';
import { readRefusal } from '@client/lib/refusals';
import { useTRPC } from '@client/lib/trpc';
import type { AccountOrderDetail, QuoteRevision } from '@client/features/orders/order-types';
import { accountMessages } from '@shared/account-messages';
import { messages } from '@shared/client-messages';
import { creditHoldMessage } from '@shared/collections-messages';
import { formatDay, formatMoney } from '@shared/format';
import { parseCents } from '@shared/money';
import { spendingLimitWarning } from '@shared/negotiation';
import { acceptRevisionInputSchema, PURCHASE_ORDER_MAX } from '@shared/schemas/quote';

/**
 * 'Aceptar cotización' asks once more, showing what is being accepted (total, validity, who
 * issues it and to whom) and takes the customer's optional purchase order number ('OC').
 */
export function AcceptQuoteDialog({
  order,
  revision,
  open,
  onOpenChange,
}: {
  order: AccountOrderDetail;
  revision: QuoteRevision;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: store } = useQuery(
    trpc.contact.info.queryOptions(undefined, { staleTime: Infinity, enabled: !revision.seller }),
  );
  const [purchaseOrder, setPurchaseOrder] = useState('');
  // The schema's own refusal, before anything is sent: an OC longer than the form allows is
  // named at the field and kept as typed, never cut to fit.
  const [ocRefusal, setOcRefusal] = useState<string>();
  const accept = useMutation(
    trpc.account.orders.accept.mutationOptions({
      onSuccess: async ({ isPendingApproval, creditHold }) => {
        // Above a company member's spending limit the company's administrators decide; above
        // the company's available credit, the store (docs/decisions/083-*.md).
        notify.success(
          isPendingApproval
            ? accountMessages.approvalRequested
            : creditHold
              ? creditHoldMessage(creditHold.available)
              : messages.revisionAccepted,
        );
        onOpenChange(false);
        await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
      },
      onError: (error) => {
        const refusal = readRefusal(error);
        if (!refusal.fieldErrors.purchaseOrder) notify.error(refusal.message);
      },
    }),
  );
  const ocError =
    ocRefusal ??
    (accept.error ? readRefusal(accept.error).fieldErrors.purchaseOrder?.[0] : undefined);
  const quoteNumber = `${order.id}-${revision.number}`;
  // The server decides the approval at acceptance; the buyer hears of it before confirming
  // (docs/decisions/058-spending-limits-and-approval.md, 090).
  const limit = order.spendingLimit;
  const isOverLimit = limit !== null && parseCents(revision.total) > parseCents(limit);
  // Who issued it as its PDF prints it: the store's data when it was sent.
  const issuer = revision.seller ?? store;

  return (
    <AlertDialog open={open} onOpenChange={(next) => !accept.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const refusal =
              acceptRevisionInputSchema.shape.purchaseOrder.safeParse(purchaseOrder).error
                ?.issues[0]?.message;
            setOcRefusal(refusal);
            if (!refusal) accept.mutate({ id: order.id, revision: revision.number, purchaseOrder });
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>¿Aceptar la cotización N° {quoteNumber}?</AlertDialogTitle>
            <AlertDialogDescription>
              Al aceptarla confirmás el pedido por este total; te contactamos para coordinar la
              entrega.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <dl className="bg-muted grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-md p-3 text-sm">
            <dt className="text-muted-foreground">Total (IVA incl.)</dt>
            <dd className="text-right font-semibold" data-testid="accept-total">
              {formatMoney(revision.total)}
            </dd>
            <dt className="text-muted-foreground">Válida hasta</dt>
            <dd className="text-right">{formatDay(revision.validUntil)}</dd>
            <dt className="text-muted-foreground">A nombre de</dt>
            <dd className="text-right break-words">
              {order.companyName ?? order.customerName}
              {order.rut ? ` · RUT ${order.rut}` : ''}
            </dd>
            {issuer && (
              <>
                <dt className="text-muted-foreground">Emitida por</dt>
                <dd className="text-right break-words">
                  {issuer.legalName}
                  {issuer.rut ? ` · RUT ${issuer.rut}` : ''}
                </dd>
              </>
            )}
          </dl>
          {isOverLimit && (
            <p
              data-testid="accept-limit-warning"
              className="border-warning/40 bg-warning/10 flex items-start gap-2 rounded-md border p-3 text-sm font-medium"
            >
              <TriangleAlert className="text-warning mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {/* A no-break space keeps 'US$' with its amount on a phone. */}
              <span className="min-w-0">
                {spendingLimitWarning(limit).replace('US$ ', 'US$\u00a0')}
              </span>
            </p>
          )}
          <InputField
            id="purchase-order"
            label="Orden de compra (OC)"
            hint={`Opcional: el número de tu orden de compra (hasta ${PURCHASE_ORDER_MAX} caracteres), figura en el pedido.`}
            autoComplete="off"
            value={purchaseOrder}
            error={ocError}
            onChange={(event) => {
              setPurchaseOrder(event.target.value);
              setOcRefusal(undefined);
            }}
          />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={accept.isPending}>Volver</AlertDialogCancel>
            <Button
              type="submit"
              disabled={accept.isPending}
              aria-busy={accept.isPending || undefined}
            >
              {accept.isPending ? <Spinner size="sm" tone="current" /> : null}
              Confirmar aceptación
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
