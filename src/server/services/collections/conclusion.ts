// The payment axis opens when an order becomes Concretado: its amount owed is fixed, with the
// terms of its company at that moment and, for terms counted from acceptance, its due day. Terms
// counted from delivery get their due day when the goods are delivered
// (startDueDateOnDelivery, called by the fulfilment room). docs/decisions/083-terms-credit-and-
// due-dates.md.
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { collectionsMessages } from '@shared/collections-messages';
import { storeDay } from '@shared/format';
import { CONCLUDED_STATUS } from '@shared/order-status';
import { dueDateOf } from '@shared/payment-terms';
import { quoteTotals } from '@shared/quote-math';
import type { Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';

type ConcludedOrder = {
  revision_total: string | null;
  terms_days: number | null;
  terms_from: string | null;
};

/**
 * The amount owed with IVA: the latest revision's total, or the order's own lines' when staff
 * concluded it without one (080: the lines of an accepted order).
 */
async function amountOwed(tx: Transaction, orderId: number, order: ConcludedOrder) {
  if (order.revision_total !== null) return order.revision_total;
  const lines = await queryRows<{ price: string; quantity: number }>(
    tx,
    sql`select price::text as price, quantity from order_items where order_id = ${orderId}`,
  );
  return quoteTotals(
    lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity, discountPercent: '0' })),
  ).total;
}

/**
 * In the transaction that makes `orderId` Concretado (under its lock): fixes its amount owed
 * and the terms it is concluded under, and its due day when they count from acceptance, on
 * `now`'s Montevideo day. A customer without company buys 'Contado'.
 */
export async function openPaymentAxis(tx: Transaction, orderId: number, now: Date) {
  const [order] = await queryRows<ConcludedOrder>(
    tx,
    sql`select r.total::text as revision_total, c.payment_terms_days as terms_days,
               c.payment_terms_from as terms_from
        from orders o
        left join lateral (select total from quote_revisions where order_id = o.id
                           order by number desc limit 1) r on true
        left join companies c on c.id = o.company_id
        where o.id = ${orderId}`,
  );
  if (!order)
    throw new TRPCError({ code: 'NOT_FOUND', message: collectionsMessages.orderNotFound });
  const days = order.terms_days ?? 0;
  const from = order.terms_from ?? 'acceptance';
  const dueOn = from === 'acceptance' ? dueDateOf(storeDay(now), days) : null;
  await tx.execute(
    sql`update orders set amount_due = ${await amountOwed(tx, orderId, order)},
          payment_terms_days = ${days}, payment_terms_from = ${from}, due_on = ${dueOn}
        where id = ${orderId}`,
  );
  return { dueOn };
}

/**
 * In the transaction that takes `orderId` out of Concretado: refused while a payment not
 * reversed pays it (reverse it first, so the money is accounted for); otherwise the axis is
 * cleared, and concluding it again opens it afresh.
 */
export async function closePaymentAxis(tx: Transaction, orderId: number) {
  const [paid] = await queryRows<{ id: number }>(
    tx,
    sql`select a.id from payment_allocations a join payments p on p.id = a.payment_id
        where a.order_id = ${orderId} and p.reversed_at is null limit 1`,
  );
  if (paid)
    throw new TRPCError({ code: 'CONFLICT', message: collectionsMessages.orderHasPayments });
  await tx.execute(
    sql`update orders set amount_due = null, payment_terms_days = null,
          payment_terms_from = null, due_on = null
        where id = ${orderId}`,
  );
}

/**
 * Starts the terms of an order whose days count from delivery: its due day becomes
 * `deliveredAt`'s Montevideo day plus its days (dueDateOf). The fulfilment room calls it in the
 * transaction that records the delivery. Nothing for an order on other terms, not Concretado,
 * or that has its due day already (a second delivery never moves it). Answers the due day set.
 */
export async function startDueDateOnDelivery(
  tx: Transaction,
  orderId: number,
  deliveredAt: Date,
): Promise<string | null> {
  const [order] = await queryRows<{ terms_days: number }>(
    tx,
    sql`select payment_terms_days as terms_days from orders
        where id = ${orderId} and status = ${CONCLUDED_STATUS} and amount_due is not null
          and payment_terms_from = 'delivery' and due_on is null
        for no key update`,
  );
  if (!order) return null;
  const dueOn = dueDateOf(storeDay(deliveredAt), order.terms_days);
  await tx.execute(sql`update orders set due_on = ${dueOn} where id = ${orderId}`);
  return dueOn;
}
