import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormDialog } from '@client/components/ui/form-dialog';
import { TextareaField } from '@client/components/ui/textarea-field';
import { notify } from '@client/lib/notify';
import { useRefusalState } from '@client/lib/refusal-state';
import { useTRPC } from '@client/lib/trpc';
import { collectionsMessages } from '@shared/collections-messages';
import { formatMoney } from '@shared/format';
import { CREDIT_REASON_MAX } from '@shared/schemas/collections';
import { PaymentForm } from './payment-form';
import { OpenOrders, PaymentsList, type Statement, StatementSummary } from './statement-view';

type Payer = { companyId: number } | { customerId: number };
type Payment = Statement['payments'][number];

const REVERSAL_FIELDS = ['reason'];

/** 'Revertir' a payment (a bounced cheque, a mistake): it stays listed, struck through. */
function ReversePaymentDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const refusal = useRefusalState(REVERSAL_FIELDS);
  const reverse = useMutation(
    trpc.admin.collections.reversePayment.mutationOptions({
      onSuccess: async () => {
        notify.success(collectionsMessages.paymentReversed);
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.collections.pathKey() });
      },
      onError: refusal.show,
    }),
  );
  return (
    <FormDialog
      title={`Revertir pago de ${formatMoney(payment.amount)}`}
      description="El pago deja de contar para los pedidos a los que se aplicó y queda en el historial con el motivo."
      submitLabel="Revertir pago"
      isPending={reverse.isPending}
      onSubmit={() => reverse.mutate({ paymentId: payment.id, reason })}
      onClose={onClose}
    >
      <TextareaField
        id={`revertir-${payment.id}`}
        label="Motivo"
        placeholder="Cheque rechazado por falta de fondos"
        maxLength={CREDIT_REASON_MAX}
        value={reason}
        error={refusal.errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}

/**
 * A payer's account on their dashboard page (a company's, or a customer's without one): the
 * statement the buyer reads, 'Registrar pago' and the reversal of a payment
 * (docs/decisions/084-payments-statement-and-receivables.md).
 */
export function PayerAccount({ payer }: { payer: Payer }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.admin.collections.payer.queryOptions({ payer }));
  const [isRecording, setRecording] = useState(false);
  const [reversing, setReversing] = useState<Payment>();
  return (
    <Card role="region" aria-labelledby="cuenta-corriente">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="cuenta-corriente">Cuenta corriente</CardTitle>
        {!isRecording && (
          <Button size="sm" onClick={() => setRecording(true)}>
            <Plus aria-hidden="true" /> Registrar pago
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryState query={query}>
          {(statement) => (
            <>
              <StatementSummary statement={statement} />
              {isRecording && (
                <section aria-label="Nuevo pago" className="bg-muted/40 rounded-lg border p-4">
                  <PaymentForm
                    payer={payer}
                    today={statement.today}
                    openOrders={statement.orders}
                    onDone={() => setRecording(false)}
                  />
                </section>
              )}
              <section className="space-y-2">
                <h3 className="font-semibold">Pedidos con saldo</h3>
                <OpenOrders
                  orders={statement.orders}
                  orderLink={(id) => (
                    <Link
                      to="/dashboard/ordenes/$id"
                      params={{ id: String(id) }}
                      className="text-primary font-medium hover:underline"
                    >
                      Pedido #{id}
                    </Link>
                  )}
                />
              </section>
              <section className="space-y-2">
                <h3 className="font-semibold">Pagos</h3>
                <PaymentsList
                  payments={statement.payments}
                  action={(payment) =>
                    payment.reversedAt ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Revertir pago de ${formatMoney(payment.amount)}`}
                        onClick={() => setReversing(payment)}
                      >
                        <Undo2 aria-hidden="true" /> Revertir
                      </Button>
                    )
                  }
                />
              </section>
              {reversing && (
                <ReversePaymentDialog payment={reversing} onClose={() => setReversing(undefined)} />
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
