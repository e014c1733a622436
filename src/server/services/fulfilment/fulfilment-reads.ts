// What the order pages show of the goods (docs/decisions/082-dispatches-and-delivery-notes.md):
// the delivery asked for, each line's progress ('3 de 5 despachadas'), the dispatches with
// their notes and deliveries, and the remainders cancelled. Staff also read who did each.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FulfilmentStatus } from '@shared/fulfilment';
import type { Executor } from '../../db/client';
import {
  cancelledLines,
  customers,
  dispatchLines,
  dispatches,
  orders,
  remainderCancellations,
} from '../../db/schema';
import { acceptedLines } from './accepted-lines';
import { currentDelivery } from './order-delivery';

export const dispatchColumns = {
  id: dispatches.id,
  orderId: dispatches.orderId,
  noteNumber: dispatches.noteNumber,
  method: dispatches.method,
  agency: dispatches.agency,
  agencyName: dispatches.agencyName,
  freightCollect: dispatches.freightCollect,
  siteName: dispatches.siteName,
  street: dispatches.street,
  locality: dispatches.locality,
  departamento: dispatches.departamento,
  postalCode: dispatches.postalCode,
  phone: dispatches.phone,
  contactName: dispatches.contactName,
  hours: dispatches.hours,
  trackingNumber: dispatches.trackingNumber,
  dispatchedOn: dispatches.dispatchedOn,
  createdAt: dispatches.createdAt,
  deliveredOn: dispatches.deliveredOn,
  receivedBy: dispatches.receivedBy,
  deliveredAt: dispatches.deliveredAt,
  deliveryActor: dispatches.deliveryActor,
};

const creator = alias(customers, 'creator');
const recorder = alias(customers, 'recorder');
const canceller = alias(customers, 'canceller');

async function dispatchesOf(db: Executor, orderId: number) {
  const rows = await db
    .select({
      ...dispatchColumns,
      createdByName: creator.fullName,
      deliveryRecordedByName: recorder.fullName,
    })
    .from(dispatches)
    .leftJoin(creator, eq(creator.userId, dispatches.createdBy))
    .leftJoin(recorder, eq(recorder.userId, dispatches.deliveryRecordedBy))
    .where(eq(dispatches.orderId, orderId))
    .orderBy(asc(dispatches.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      dispatchId: dispatchLines.dispatchId,
      productName: dispatchLines.productName,
      colorName: dispatchLines.colorName,
      storage: dispatchLines.storage,
      quantity: dispatchLines.quantity,
    })
    .from(dispatchLines)
    .where(
      inArray(
        dispatchLines.dispatchId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(dispatchLines.id));
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.dispatchId === row.id),
  }));
}

async function cancellationsOf(db: Executor, orderId: number) {
  return db
    .select({
      id: remainderCancellations.id,
      reason: remainderCancellations.reason,
      createdAt: remainderCancellations.createdAt,
      cancelledByName: canceller.fullName,
      units: sql<number>`(select coalesce(sum(${cancelledLines.quantity}), 0)::int from ${cancelledLines}
                          where ${cancelledLines.cancellationId} = ${remainderCancellations.id})`,
    })
    .from(remainderCancellations)
    .leftJoin(canceller, eq(canceller.userId, remainderCancellations.cancelledBy))
    .where(eq(remainderCancellations.orderId, orderId))
    .orderBy(asc(remainderCancellations.id));
}

/**
 * The order's delivery and, once it is Concretado, its fulfilment. `reader` 'customer' leaves
 * out who on the store's side did each step, as the customer's history does.
 */
export async function orderFulfilment(db: Executor, orderId: number, reader: 'customer' | 'staff') {
  const [order] = await db
    .select({ fulfilmentStatus: orders.fulfilmentStatus, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  const delivery = await currentDelivery(db, orderId);
  if (!order?.fulfilmentStatus) return { delivery, fulfilment: null };
  const [lines, sent, cancelled] = await Promise.all([
    acceptedLines(db, orderId),
    dispatchesOf(db, orderId),
    cancellationsOf(db, orderId),
  ]);
  const isStaff = reader === 'staff';
  return {
    delivery,
    fulfilment: {
      status: order.fulfilmentStatus as FulfilmentStatus,
      deliveredAt: order.deliveredAt,
      lines: lines.map((line) => ({
        lineKey: line.lineKey,
        productName: line.productName,
        colorName: line.colorName,
        storage: line.storage,
        quantity: line.quantity,
        isBackorder: line.isBackorder,
        dispatched: line.dispatched,
        cancelled: line.cancelled,
      })),
      dispatches: sent.map(({ createdByName, deliveryRecordedByName, ...dispatch }) => ({
        ...dispatch,
        createdByName: isStaff ? createdByName : null,
        deliveryRecordedByName:
          isStaff || dispatch.deliveryActor === 'customer' ? deliveryRecordedByName : null,
      })),
      cancellations: cancelled.map(({ cancelledByName, ...cancellation }) => ({
        ...cancellation,
        cancelledByName: isStaff ? cancelledByName : null,
      })),
    },
  };
}
export type OrderFulfilment = Awaited<ReturnType<typeof orderFulfilment>>;
