import type { ReactNode } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import { EmptyState } from '@client/components/ui/empty-state';
import { DataTable, TableCell, TableRow } from '@client/components/ui/table';
import { PaymentStatusBadges } from '@client/features/orders/payment-badges';
import {
  PaymentAmount,
  PaymentState,
  paymentDay,
  paymentDetail,
} from '@client/features/orders/payment-lines';
import { pesosAtRateText } from '@shared/exchange-rate';
import { formatDay, formatMoney } from '@shared/format';
import { paymentTermsLabel } from '@shared/payment-terms';

export type Statement = inferRouterOutputs<AppRouter>['admin']['collections']['payer'];
type StatementOrder = Statement['orders'][number];
type StatementPayment = Statement['payments'][number];

const dueOf = (order: StatementOrder) =>
  order.dueOn ? formatDay(order.dueOn) : `${order.paymentTermsDays} días desde la entrega`;

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * What is owed, with the balance in pesos at today's rate; `withCredit` adds the terms and the
 * credit (the buyer's statement: staff read and set them in their own card).
 */
export function StatementSummary({
  statement,
  withCredit = false,
}: {
  statement: Statement;
  withCredit?: boolean;
}) {
  const { credit, totals, rate } = statement;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        {withCredit && (
          <>
            <Fact label="Condiciones de pago">
              {paymentTermsLabel(credit.paymentTermsDays, credit.paymentTermsFrom)}
            </Fact>
            <Fact label="Límite de crédito">
              {credit.creditLimit === null ? 'Sin límite' : formatMoney(credit.creditLimit)}
            </Fact>
            <Fact label="Crédito disponible" testId="statement-available">
              {credit.available === null ? '—' : formatMoney(credit.available)}
            </Fact>
          </>
        )}
        <Fact label="Saldo" testId="statement-balance">
          {formatMoney(totals.balance)}
        </Fact>
        <Fact label="Vencido" testId="statement-overdue">
          <span className={Number(totals.overdue) > 0 ? 'text-destructive' : undefined}>
            {formatMoney(totals.overdue)}
          </span>
        </Fact>
        <Fact label="Cheques a cobrar">{formatMoney(totals.toCollect)}</Fact>
      </dl>
      {rate && Number(totals.balance) > 0 && (
        <p className="text-muted-foreground text-xs">
          Saldo en pesos: {pesosAtRateText(totals.balance, rate)}.
        </p>
      )}
    </div>
  );
}

/**
 * The open orders: due day, amounts and payment status, as cards on phones and a table on wider
 * screens. `orderLink` names the order where the reader opens it (the buyer's page or staff's).
 */
export function OpenOrders({
  orders,
  orderLink,
}: {
  orders: StatementOrder[];
  orderLink: (id: number) => ReactNode;
}) {
  if (orders.length === 0) {
    return <EmptyState title="No hay pedidos con saldo pendiente" className="py-6" />;
  }
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label="Pedidos abiertos">
        {orders.map((order) => (
          <li key={order.id} className="border-border space-y-1 rounded-lg border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              {orderLink(order.id)}
              <PaymentStatusBadges status={order.paymentStatus} toCollect={order.toCollect} />
            </div>
            <p className="text-muted-foreground">Vence: {dueOf(order)}</p>
            <p className="flex justify-between gap-2">
              <span className="text-muted-foreground">
                {formatMoney(order.amountDue)} · pagado {formatMoney(order.paid)}
              </span>
              <span className="font-semibold tabular-nums">{formatMoney(order.balance)}</span>
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable
          aria-label="Pedidos abiertos"
          columns={[
            'Pedido',
            'Vence',
            { title: 'Total', align: 'right' },
            { title: 'Pagado', align: 'right' },
            { title: 'Saldo', align: 'right' },
            'Estado',
          ]}
        >
          {orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell>{orderLink(order.id)}</TableCell>
              <TableCell className="whitespace-nowrap">{dueOf(order)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(order.amountDue)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(order.paid)}
              </TableCell>
              <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                {formatMoney(order.balance)}
              </TableCell>
              <TableCell>
                <PaymentStatusBadges status={order.paymentStatus} toCollect={order.toCollect} />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </div>
    </>
  );
}

/** The latest payments, reversed ones struck through; `action` adds staff's 'Revertir'. */
export function PaymentsList({
  payments,
  action,
}: {
  payments: StatementPayment[];
  action?: (payment: StatementPayment) => ReactNode;
}) {
  if (payments.length === 0) {
    return <p className="text-muted-foreground text-sm">Todavía no hay pagos registrados.</p>;
  }
  return (
    <ul className="divide-border divide-y text-sm" aria-label="Pagos">
      {payments.map((payment) => (
        <li key={payment.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
          <div className="min-w-0 space-y-0.5">
            <p className="break-words">{paymentDetail(payment)}</p>
            <p className="text-muted-foreground text-xs">
              Recibido el {paymentDay(payment)}
              {payment.applied.length > 0 &&
                ` · aplicado a ${payment.applied
                  .map(({ orderId, amount }) => `#${orderId} (${formatMoney(amount)})`)
                  .join(', ')}`}
            </p>
            {payment.note && <p className="text-muted-foreground text-xs">{payment.note}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <PaymentState payment={payment} />
            <PaymentAmount payment={payment} />
            {action?.(payment)}
          </div>
        </li>
      ))}
    </ul>
  );
}
