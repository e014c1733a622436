// The order's fulfilment state, kept in the transaction of every dispatch, delivery and
// cancelled remainder (docs/decisions/082-dispatches-and-delivery-notes.md), under the order
// row's lock that the caller took first.
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { calendarDay, storeDay } from '@shared/format';
import { DELIVERED, fulfilmentStatusOf, type FulfilmentStatus } from '@shared/fulfilment';
import { notDispatchableMessage } from '@shared/fulfilment-messages';
import { messages } from '@shared/messages';
import { CONCLUDED_STATUS } from '@shared/order-status';
import type { Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { dispatches, orders } from '../../db/schema';
import { foundOrThrow } from '../infra/found';
import { acceptedLines } from './accepted-lines';
import { onOrderDelivered } from './order-delivered';

export type LockedOrder = {
  id: number;
  status: string;
  fulfilmentStatus: FulfilmentStatus | null;
  customerId: number;
};

/**
 * Locks the order row, the first lock of every fulfilment write and of every stock writer
 * (docs/decisions/048-one-lock-order-for-stock.md), and refuses with a sentence an order whose
 * goods cannot move: cancelled, expired, not accepted yet.
 */
export async function lockDispatchableOrder(tx: Transaction, orderId: number) {
  const order = await foundOrThrow(
    queryRows<LockedOrder>(
      tx,
      sql`select id, status, fulfilment_status as "fulfilmentStatus", customer_id as "customerId"
          from orders where id = ${orderId} for no key update`,
    ),
    messages.orderNotFound,
  );
  if (order.status !== CONCLUDED_STATUS) {
    throw new TRPCError({ code: 'CONFLICT', message: notDispatchableMessage(order.status) });
  }
  return order;
}

/**
 * When the buyer had it: the moment of recording, when that is the day given; else that
 * Montevideo day (its noon, as calendarDay reads a day everywhere).
 */
export const deliveryInstant = (day: string, now: Date) =>
  day === storeDay(now) ? now : calendarDay(day);

/**
 * Writes the order's fulfilment state from its lines and dispatches. When it becomes
 * 'Entregado' it stamps `delivered_at` with the last delivery's instant and calls
 * onOrderDelivered, once, in this transaction.
 */
export async function refreshFulfilment(tx: Transaction, order: LockedOrder, now: Date) {
  const lines = await acceptedLines(tx, order.id);
  const sent = await tx
    .select({ deliveredOn: dispatches.deliveredOn })
    .from(dispatches)
    .where(eq(dispatches.orderId, order.id));
  const status = fulfilmentStatusOf(
    lines,
    sent.map((dispatch) => ({ isDelivered: dispatch.deliveredOn !== null })),
  );
  const lastDay = sent.reduce<string | null>(
    (last, { deliveredOn }) => (deliveredOn && (!last || deliveredOn > last) ? deliveredOn : last),
    null,
  );
  const deliveredAt = status === DELIVERED && lastDay ? deliveryInstant(lastDay, now) : null;
  await tx
    .update(orders)
    .set({ fulfilmentStatus: status, deliveredAt })
    .where(eq(orders.id, order.id));
  if (deliveredAt && order.fulfilmentStatus !== DELIVERED) {
    await onOrderDelivered(tx, order.id, deliveredAt);
  }
  return { before: order.fulfilmentStatus, after: status, lines };
}
