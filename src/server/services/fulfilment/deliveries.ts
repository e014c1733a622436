// A dispatch received (docs/decisions/082-dispatches-and-delivery-notes.md): staff 'Marcar
// entregado' with who received it and on which day, or the buyer 'Confirmar recepción'. When
// every unit that left was received and nothing is left to leave, the order is 'Entregado'.
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { storeDay } from '@shared/format';
import { deliveryNoteNumber } from '@shared/fulfilment';
import { fulfilmentMessages as text } from '@shared/fulfilment-messages';
import type { DeliveredInput } from '@shared/schemas/fulfilment';
import type { Database, Transaction } from '../../db/client';
import { transactionRetried } from '../../db/transactions';
import { dispatches, orders } from '../../db/schema';
import { recordOrderAudit } from '../infra/audit';
import { foundOrThrow } from '../infra/found';
import { orderReadableBy } from '../orders/order-access';
import { lockDispatchableOrder, refreshFulfilment } from './fulfilment-state';
import { fieldRefusalError } from '../../validation';

type Receipt = {
  dispatchId: number;
  orderId: number;
  receivedBy: string;
  deliveredOn: string;
  userId: number;
  actor: 'staff' | 'customer';
  now: Date;
};

async function recordReceipt(tx: Transaction, receipt: Receipt) {
  const order = await lockDispatchableOrder(tx, receipt.orderId);
  const dispatch = await foundOrThrow(
    tx
      .select({
        dispatchedOn: dispatches.dispatchedOn,
        deliveredOn: dispatches.deliveredOn,
        noteNumber: dispatches.noteNumber,
      })
      .from(dispatches)
      .where(eq(dispatches.id, receipt.dispatchId)),
    text.dispatchNotFound,
  );
  if (dispatch.deliveredOn)
    throw new TRPCError({ code: 'CONFLICT', message: text.alreadyDelivered });
  if (receipt.deliveredOn > storeDay(receipt.now)) {
    throw fieldRefusalError('deliveredOn', text.deliveryDateFuture);
  }
  if (receipt.deliveredOn < dispatch.dispatchedOn) {
    throw fieldRefusalError('deliveredOn', text.deliveryDateBeforeDispatch);
  }
  await tx
    .update(dispatches)
    .set({
      deliveredOn: receipt.deliveredOn,
      receivedBy: receipt.receivedBy,
      deliveredAt: receipt.now,
      deliveryRecordedBy: receipt.userId,
      deliveryActor: receipt.actor,
    })
    .where(eq(dispatches.id, receipt.dispatchId));
  const state = await refreshFulfilment(tx, order, receipt.now);
  await recordOrderAudit(tx, {
    userId: receipt.userId,
    orderId: order.id,
    action: 'deliver',
    changes: {
      deliveryNote: { before: null, after: deliveryNoteNumber(dispatch.noteNumber) },
      receivedBy: { before: null, after: receipt.receivedBy },
      deliveredOn: { before: null, after: receipt.deliveredOn },
      fulfilment: { before: state.before, after: state.after },
    },
  });
  return { fulfilmentStatus: state.after };
}

/** The order of a dispatch, for staff (any) or a buyer (one they may read): NOT_FOUND else. */
async function orderOfDispatch(db: Database, dispatchId: number, readerCustomerId?: number) {
  const where =
    readerCustomerId === undefined
      ? eq(dispatches.id, dispatchId)
      : and(eq(dispatches.id, dispatchId), orderReadableBy(readerCustomerId));
  const row = await foundOrThrow(
    db
      .select({ orderId: dispatches.orderId })
      .from(dispatches)
      .innerJoin(orders, eq(orders.id, dispatches.orderId))
      .where(where),
    text.dispatchNotFound,
  );
  return row.orderId;
}

/** 'Marcar entregado', by staff. */
export async function markDelivered(
  db: Database,
  input: DeliveredInput,
  staff: { userId: number; now: Date },
) {
  const orderId = await orderOfDispatch(db, input.dispatchId);
  return transactionRetried(db, (tx) =>
    recordReceipt(tx, { ...input, orderId, userId: staff.userId, actor: 'staff', now: staff.now }),
  );
}

/** 'Confirmar recepción', by someone who reads the order (its buyer or their company): today. */
export async function confirmReceipt(
  db: Database,
  dispatchId: number,
  buyer: { customerId: number; userId: number; fullName: string; now: Date },
) {
  const orderId = await orderOfDispatch(db, dispatchId, buyer.customerId);
  return transactionRetried(db, (tx) =>
    recordReceipt(tx, {
      dispatchId,
      orderId,
      receivedBy: buyer.fullName,
      deliveredOn: storeDay(buyer.now),
      userId: buyer.userId,
      actor: 'customer',
      now: buyer.now,
    }),
  );
}
