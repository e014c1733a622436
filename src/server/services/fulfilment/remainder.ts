// Cancelling what has not left of an order (docs/decisions/082-dispatches-and-delivery-notes.md):
// its units never leave, the stock they held returns to the shop, the buyer reads why. What
// left stays as it is; an order nothing left of is cancelled whole, as a deal (its status).
import { TRPCError } from '@trpc/server';
import { pendingOf } from '@shared/fulfilment';
import { fulfilmentMessages as text } from '@shared/fulfilment-messages';
import type { CancelRemainderInput } from '@shared/schemas/fulfilment';
import type { Database } from '../../db/client';
import { transactionRetried } from '../../db/transactions';
import { cancelledLines, remainderCancellations } from '../../db/schema';
import { fulfilmentMails } from '../../mail/fulfilment-mails';
import { accountEmailOfOrder, queueMail } from '../../mail/order-mails';
import { lockStockOf } from '../catalog/stock-locks';
import { recordOrderAudit } from '../infra/audit';
import { releaseStock } from '../orders/order-status';
import { acceptedLines, lineReference } from './accepted-lines';
import type { FulfilmentActor } from './dispatches';
import { lockDispatchableOrder, refreshFulfilment } from './fulfilment-state';

/** Answers whether stock returned to the shop (it changes what the shop shows). */
export async function cancelRemainder(
  db: Database,
  input: CancelRemainderInput,
  staff: FulfilmentActor,
) {
  return transactionRetried(db, async (tx) => {
    const order = await lockDispatchableOrder(tx, input.orderId);
    const lines = await acceptedLines(tx, order.id);
    if (lines.every((line) => line.dispatched === 0)) {
      throw new TRPCError({ code: 'CONFLICT', message: text.cancelNeedsADispatch });
    }
    const left = lines
      .map((line) => ({ line, units: pendingOf(line) }))
      .filter(({ units }) => units > 0);
    if (left.length === 0)
      throw new TRPCError({ code: 'CONFLICT', message: text.nothingLeftToCancel });

    // Units that held stock give it back: the order row first (above), then the products and
    // variants (docs/decisions/048-one-lock-order-for-stock.md), ascending.
    const returning = left.filter(({ line }) => !line.isBackorder && line.variantId !== null);
    await lockStockOf(
      tx,
      returning.map(({ line }) => line.variantId!),
    );
    const byVariant = new Map<number, number>();
    for (const { line, units } of returning) {
      byVariant.set(line.variantId!, (byVariant.get(line.variantId!) ?? 0) + units);
    }
    for (const [variantId, units] of [...byVariant].sort(([a], [b]) => a - b)) {
      await releaseStock(tx, variantId, units);
    }

    const [cancellation] = await tx
      .insert(remainderCancellations)
      .values({ orderId: order.id, reason: input.reason, cancelledBy: staff.userId })
      .returning({ id: remainderCancellations.id });
    await tx.insert(cancelledLines).values(
      left.map(({ line, units }) => ({
        cancellationId: cancellation!.id,
        orderId: order.id,
        ...lineReference(line),
        quantity: units,
        returnedStock: !line.isBackorder && line.variantId !== null,
      })),
    );
    const state = await refreshFulfilment(tx, order, staff.now);
    const units = left.reduce((sum, { units: n }) => sum + n, 0);
    await recordOrderAudit(tx, {
      userId: staff.userId,
      orderId: order.id,
      action: 'cancelRemainder',
      changes: {
        units: { before: null, after: units },
        reason: { before: null, after: input.reason },
        fulfilment: { before: state.before, after: state.after },
      },
    });
    await queueMail(
      tx,
      fulfilmentMails(staff.store).remainderCancelledToCustomer(
        await accountEmailOfOrder(tx, order.id),
        { orderId: order.id, units, reason: input.reason },
      ),
    );
    return { fulfilmentStatus: state.after, isStockMoved: byVariant.size > 0 };
  });
}
