import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useTRPC } from '@client/lib/trpc';
import { formatDay, formatMoney } from '@shared/format';
import { paymentTermsLabel } from '@shared/payment-terms';
import { PaymentStatusBadges } from './payment-badges';
import { type PaymentLine, PaymentState, paymentDay, paymentDetail } from './payment-lines';

export type OrderPayment = {
  amountDue: string;
  paid: string;
  toCollect: string;
  balance: string;
  dueOn: string | null;
  paymentTermsDays: number;
  paymentTermsFrom: string;
  paymentStatus: string;
  payments: (PaymentLine & { appliedHere: string })[];
};

/** 'Vence el 02/12/2026', or how the days count until the delivery starts them. */
export function dueText(payment: Pick<OrderPayment, 'dueOn' | 'paymentTermsDays'>) {
  return payment.dueOn
    ? `Vence el ${formatDay(payment.dueOn)}`
    : `Vence a los ${payment.paymentTermsDays} días de la entrega`;
}

/** An accepted order's payment: due day, amounts, status and the payments applied to it. */
export function OrderPaymentCard({ payment }: { payment: OrderPayment }) {
  const facts: [string, string][] = [
    ['Total (IVA incl.)', formatMoney(payment.amountDue)],
    ['Pagado', formatMoney(payment.paid)],
    ...(Number(payment.toCollect) > 0
      ? ([['Cheques a cobrar', formatMoney(payment.toCollect)]] as [string, string][])
      : []),
    ['Saldo', formatMoney(payment.balance)],
  ];
  return (
    <Card role="region" aria-labelledby="pago-del-pedido">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="pago-del-pedido">Pago</CardTitle>
        <PaymentStatusBadges status={payment.paymentStatus} toCollect={payment.toCollect} />
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>
          <span className="font-semibold" data-testid="order-due">
            {dueText(payment)}
          </span>
          <span className="text-muted-foreground">
            {' · '}
            {paymentTermsLabel(payment.paymentTermsDays, payment.paymentTermsFrom)}
          </span>
        </p>
        <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {payment.payments.length > 0 && (
          <ul className="divide-border divide-y" aria-label="Pagos aplicados">
            {payment.payments.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="block">{paymentDetail(line)}</span>
                  <span className="text-muted-foreground text-xs">
                    Recibido el {paymentDay(line)}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <PaymentState payment={line} />
                  <span className={line.reversedAt ? 'line-through' : 'font-medium'}>
                    {formatMoney(line.appliedHere)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The buyer's view of an order's payment; nothing before it is Concretado. */
export function AccountOrderPayment({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  // Keyed by the order's status where it is used: a status change remounts it and reads again.
  const { data } = useQuery({
    ...trpc.account.collections.order.queryOptions({ orderId }),
    refetchOnMount: 'always',
  });
  return data ? <OrderPaymentCard payment={data} /> : null;
}

/** Staff's view of an order's payment; nothing before it is Concretado. */
export function AdminOrderPayment({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  const { data } = useQuery({
    ...trpc.admin.collections.orderPayment.queryOptions({ orderId }),
    refetchOnMount: 'always',
  });
  return data ? <OrderPaymentCard payment={data} /> : null;
}
