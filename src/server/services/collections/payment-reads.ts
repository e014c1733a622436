// What staff and buyers read of the payment axis: one order's (its page on both sides), a
// payer's open orders and payments (the statement, 'Registrar pago'). Every status comes from
// the one SQL expression of payment-facts.ts (docs/decisions/084-payments-statement-and-
// receivables.md).
import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '@shared/collections';
import { storeDay } from '@shared/format';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import {
  balanceSql,
  onPaymentAxis,
  ordersOfPayer,
  type Payer,
  paymentStatusSql,
  paymentsOfOrder,
  paymentsOfPayer,
} from './payment-facts';

/** At most this many payments in a list: the statement's and the payer's page. */
const PAYMENTS_SHOWN = 50;

type OrderRow = {
  id: number;
  created_at: string;
  amount_due: string;
  paid: string;
  to_collect: string;
  balance: string;
  /** What no payment not reversed covers yet, cheques to collect included. */
  uncovered: string;
  due_on: string | null;
  terms_days: number;
  terms_from: string;
  payment_status: PaymentStatus;
  purchase_order: string | null;
};

const orderColumns = (today: string) => sql`o.id, o.created_at, o.amount_due::text as amount_due,
    pay.paid::text as paid, pay.to_collect::text as to_collect,
    ${balanceSql}::text as balance,
    greatest(o.amount_due - pay.paid - pay.to_collect, 0)::text as uncovered,
    o.due_on::text as due_on, o.payment_terms_days as terms_days,
    o.payment_terms_from as terms_from, ${paymentStatusSql(today)} as payment_status,
    o.purchase_order`;

const toOrder = (row: OrderRow) => ({
  id: row.id,
  createdAt: new Date(row.created_at),
  amountDue: row.amount_due,
  paid: row.paid,
  toCollect: row.to_collect,
  balance: row.balance,
  uncovered: row.uncovered,
  dueOn: row.due_on,
  paymentTermsDays: row.terms_days,
  paymentTermsFrom: row.terms_from,
  paymentStatus: row.payment_status,
  purchaseOrder: row.purchase_order,
});

type PaymentRow = {
  id: number;
  method: 'transfer' | 'deposit' | 'cheque' | 'cash';
  bank: string | null;
  reference: string | null;
  cheque_number: string | null;
  received_on: string;
  collect_on: string | null;
  amount: string;
  pesos: string | null;
  exchange_rate: string | null;
  note: string | null;
  reversed_at: string | null;
  reversal_reason: string | null;
  is_to_collect: boolean;
  applied: string;
};

const paymentColumns = (today: string) => sql`p.id, p.method, p.bank, p.reference,
    p.cheque_number, p.received_on::text as received_on, p.collect_on::text as collect_on,
    p.amount::text as amount, p.pesos::text as pesos, p.exchange_rate::text as exchange_rate,
    p.note, p.reversed_at, p.reversal_reason, p.counts_on > ${today}::date as is_to_collect`;

const toPayment = (row: Omit<PaymentRow, 'applied'>) => ({
  id: row.id,
  method: row.method,
  bank: row.bank,
  reference: row.reference,
  chequeNumber: row.cheque_number,
  receivedOn: row.received_on,
  collectOn: row.collect_on,
  amount: row.amount,
  pesos: row.pesos,
  exchangeRate: row.exchange_rate,
  note: row.note,
  reversedAt: row.reversed_at === null ? null : new Date(row.reversed_at),
  reversalReason: row.reversal_reason,
  /** A deferred cheque whose collection day has not come: 'Cheque a cobrar'. */
  isToCollect: row.reversed_at === null && row.is_to_collect,
});

/**
 * One order's payment axis: null for an order not on it (not Concretado, or concluded before
 * collections). Its payments list what each applied to this order.
 */
export async function orderPayment(db: Executor, orderId: number, now: Date) {
  const today = storeDay(now);
  const [row] = await queryRows<OrderRow>(
    db,
    sql`select ${orderColumns(today)} from orders o ${paymentsOfOrder(today)}
        where o.id = ${orderId} and ${onPaymentAxis}`,
  );
  if (!row) return null;
  const payments = await queryRows<Omit<PaymentRow, 'applied'> & { applied_here: string }>(
    db,
    sql`select ${paymentColumns(today)}, a.amount::text as applied_here
        from payment_allocations a join payments p on p.id = a.payment_id
        where a.order_id = ${orderId} order by p.received_on, p.id`,
  );
  return {
    ...toOrder(row),
    payments: payments.map((payment) => ({
      ...toPayment(payment),
      appliedHere: payment.applied_here,
    })),
  };
}

/** The payer's orders that still owe (or wait for a cheque), oldest due first. */
export async function openOrdersOf(db: Executor, payer: Payer, now: Date) {
  const today = storeDay(now);
  const rows = await queryRows<OrderRow>(
    db,
    sql`select ${orderColumns(today)} from orders o ${paymentsOfOrder(today)}
        where ${ordersOfPayer(payer)} and ${onPaymentAxis} and pay.paid < o.amount_due
        order by o.due_on nulls last, o.id`,
  );
  return rows.map(toOrder);
}

/** The payer's latest payments, reversed ones too, each with the orders it paid. */
export async function paymentsOf(db: Executor, payer: Payer, now: Date) {
  const today = storeDay(now);
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select ${paymentColumns(today)},
               coalesce((select string_agg(a.order_id::text || ':' || a.amount::text, ','
                                           order by a.order_id)
                         from payment_allocations a where a.payment_id = p.id), '') as applied
        from payments p where ${paymentsOfPayer(payer)}
        order by p.received_on desc, p.id desc limit ${PAYMENTS_SHOWN}`,
  );
  return rows.map((row) => ({
    ...toPayment(row),
    applied: row.applied
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [orderId, amount] = pair.split(':');
        return { orderId: Number(orderId), amount: amount! };
      }),
  }));
}
