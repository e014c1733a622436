// admin.orders.setStatus: any status at any time, every change recorded, and the stock follows
// Cancelado: returned when an order is cancelled, reserved again when it leaves
// (docs/decisions/015-server-authoritative-prices-and-stock.md, 018-order-status-history.md).
// The hold-release job cancels expired quotes through the same steps, recorded as the system's.
import { TRPCError } from '@trpc/server';
import { and, eq, lt, sql } from 'drizzle-orm';
import { HOLD_RELEASED_REASON, messages } from '@shared/messages';
import { fulfilmentMessages } from '@shared/fulfilment-messages';
import {
  CANCELLED_STATUS,
  CONCLUDED_STATUS,
  HOLD_EXPIRED_NOTE,
  holdsNoStock,
  type OrderStatus,
  QUOTE_STATUS,
  releasesStock,
} from '@shared/order-status';
import { STATUS_REASON_REQUIRED } from '@shared/schemas/order';
import type { Database, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { transactionRetried } from '../../db/transactions';
import { orderStatusHistory, orders } from '../../db/schema';
import { accountEmailOfOrder, orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { recordOrderAudit } from '../infra/audit';
import { insufficientStockMessage } from './quote-orders';
import { foundOrThrow } from '../infra/found';
import { lockStockOf } from '../catalog/stock-locks';
import { onOrderStatusChange } from '../invoicing/cfe-queue';
import { fieldRefusalError } from '../../validation';
import { type ConclusionContext, requireConclusion } from './payment-axis';

type StockLine = { variant_id: number; quantity: number; product_name: string };

/**
 * The quantities per variant the order holds, in ascending variant id: the lines of its
 * latest quote revision once staff sent one, the requested lines before that. Lines quoted
 * without stock ('Consultar disponibilidad', is_backorder) hold none.
 */
export async function reservedLines(tx: Transaction, orderId: number): Promise<StockLine[]> {
  // Items whose variant was deleted (variant_id null,
  // docs/decisions/017-order-lines-keep-a-snapshot.md) have no stock to move.
  return queryRows<StockLine>(
    tx,
    sql`with latest as (
          select id from quote_revisions where order_id = ${orderId}
          order by number desc limit 1),
        lines as (
          select variant_id, quantity, product_name from quote_revision_lines
          where revision_id = (select id from latest) and not is_backorder
          union all
          select variant_id, quantity, product_name from order_items
          where order_id = ${orderId} and not is_backorder
            and not exists (select 1 from latest))
        select variant_id, sum(quantity)::int as quantity, min(product_name) as product_name
        from lines where variant_id is not null
        group by variant_id order by variant_id`,
  );
}

/** Gives back units a quote held; the caller locked the variant and its product (lockStockOf). */
export async function releaseStock(tx: Transaction, variantId: number, quantity: number) {
  await tx.execute(sql`update variants set stock = stock + ${quantity} where id = ${variantId}`);
}

/** The order's lines, their products and variants locked in the one order (stock-locks.ts). */
async function lockedReservedLines(tx: Transaction, orderId: number) {
  const lines = await reservedLines(tx, orderId);
  await lockStockOf(
    tx,
    lines.map((line) => line.variant_id),
  );
  return lines;
}

async function returnStock(tx: Transaction, orderId: number) {
  for (const line of await lockedReservedLines(tx, orderId)) {
    await releaseStock(tx, line.variant_id, line.quantity);
  }
}

/** Reserves what the order's lines need again, refusing 'Stock insuficiente: X' when short. */
export async function reserveStockAgain(tx: Transaction, orderId: number) {
  for (const line of await lockedReservedLines(tx, orderId)) {
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`update variants set stock = stock - ${line.quantity}
          where id = ${line.variant_id} and stock >= ${line.quantity} returning id`,
    );
    // The variant still exists (variant_id would be null otherwise): only the stock is short.
    if (updated.length === 0) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: insufficientStockMessage(line.product_name),
      });
    }
  }
}

/**
 * Who made a change: an admin or the customer (with an optional note for the history), or
 * the store itself with the reason it shows in the history.
 */
export type StatusActor = { userId: number; note?: string } | { system: string };

/**
 * How the customer hears of a status change: the status mail (with the store's reason when it
 * has one), or nothing where the caller queues a richer mail itself.
 */
export type StatusMail = { store: StoreIdentity; explanation?: string } | false;

/**
 * Moves a locked order to `status`: the stock follows the statuses that hold none (Cancelado,
 * Vencida) and the change is recorded. The caller holds the order row's lock (FOR UPDATE)
 * inside `tx` and read `current` under it. Returns whether stock moved, i.e. whether the shop
 * now shows other numbers. A change into or out of Concretado moves the payment axis too
 * (`conclusion`, services/orders/payment-axis.ts): leaving is refused once anything was paid.
 */
export async function applyStatusChange(
  tx: Transaction,
  orderId: number,
  current: string,
  status: OrderStatus,
  actor: StatusActor,
  mail: StatusMail,
  conclusion?: ConclusionContext,
): Promise<boolean> {
  if (current === CONCLUDED_STATUS && status !== CONCLUDED_STATUS) {
    await requireConclusion(conclusion).payment.leaving(tx, orderId);
  }
  const wasFree = holdsNoStock(current);
  const isFree = holdsNoStock(status);
  if (isFree && !wasFree) await returnStock(tx, orderId);
  if (wasFree && !isFree) await reserveStockAgain(tx, orderId);

  await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
  let dueOn: string | null = null;
  if (status === CONCLUDED_STATUS && current !== CONCLUDED_STATUS) {
    const axis = requireConclusion(conclusion);
    ({ dueOn } = await axis.payment.concluded(tx, orderId, axis.now));
  }
  // The order's fiscal documents follow: an invoice queued on Concretado, undone on leaving it
  // (docs/decisions/087-cfe-documents-as-jobs.md).
  await onOrderStatusChange(tx, orderId, current, status);
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: current,
    toStatus: status,
    ...('userId' in actor
      ? { changedBy: actor.userId, note: actor.note ?? null }
      : { changedBy: null, actor: 'system' as const, note: actor.system }),
  });
  // The customer hears of every status change, except where the caller mails something richer.
  if (mail) {
    const to = await accountEmailOfOrder(tx, orderId);
    // Staff's 'Motivo' of a change that gave the stock back is in the mail too.
    const reason = 'userId' in actor && releasesStock(current, status) ? actor.note : undefined;
    await queueMail(
      tx,
      orderMails(mail.store).statusToCustomer(to, orderId, status, {
        explanation: mail.explanation,
        reason,
        dueOn,
      }),
    );
  }
  return isFree !== wasFree;
}

/** Whether anything of the order left or was cancelled (services/fulfilment/'s tables). */
async function hasFulfilmentMoves(tx: Transaction, orderId: number) {
  const [row] = await queryRows<{ moved: boolean }>(
    tx,
    sql`select exists (select 1 from dispatches where order_id = ${orderId})
            or exists (select 1 from remainder_cancellations where order_id = ${orderId}) as moved`,
  );
  return row?.moved === true;
}

export async function changeOrderStatus(
  db: Database,
  input: { orderId: number; status: OrderStatus; changedBy: number; reason?: string },
  store: StoreIdentity,
  conclusion: ConclusionContext,
): Promise<{ id: number; status: string; isStockMoved: boolean }> {
  return transactionRetried(db, async (tx) => {
    // The order row lock serialises two admins changing the same order. NO KEY UPDATE, as
    // everywhere (services/catalog/stock-locks.ts): rows that reference the order can still be written.
    const current = await foundOrThrow(
      queryRows<{ status: string }>(
        tx,
        sql`select status from orders where id = ${input.orderId} for no key update`,
      ),
      messages.orderNotFound,
    );
    if (current.status === input.status) {
      return { id: input.orderId, status: current.status, isStockMoved: false };
    }
    // Goods that left keep the deal (docs/decisions/080-three-axes-of-an-order.md): the order
    // stays Concretado once a dispatch or a cancelled remainder exists (the table's trigger
    // refuses it too; this says so in Spanish).
    if (current.status === CONCLUDED_STATUS && (await hasFulfilmentMoves(tx, input.orderId))) {
      throw new TRPCError({ code: 'CONFLICT', message: fulfilmentMessages.leavesConcludedRefused });
    }
    // Giving the customer's reserved stock back ends their quote: they are told why.
    if (releasesStock(current.status, input.status) && !input.reason) {
      throw fieldRefusalError('reason', STATUS_REASON_REQUIRED);
    }
    const isStockMoved = await applyStatusChange(
      tx,
      input.orderId,
      current.status,
      input.status,
      { userId: input.changedBy, note: input.reason },
      { store },
      conclusion,
    );
    await recordOrderAudit(tx, {
      userId: input.changedBy,
      orderId: input.orderId,
      action: 'status',
      changes: {
        status: { before: current.status, after: input.status },
        ...(input.reason ? { reason: { before: null, after: input.reason } } : {}),
      },
    });
    return { id: input.orderId, status: input.status, isStockMoved };
  });
}

export { HOLD_EXPIRED_NOTE };

/**
 * Cancels one quote still in Cotización that was created before `cutoff`, returning its stock,
 * as the system. False when it no longer qualifies or another process holds it right now
 * (SKIP LOCKED: several instances may run the same job without waiting on each other).
 */
export async function releaseHold(
  db: Database,
  orderId: number,
  cutoff: Date,
  store: StoreIdentity,
): Promise<boolean> {
  return transactionRetried(db, async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(
        and(eq(orders.id, orderId), eq(orders.status, QUOTE_STATUS), lt(orders.createdAt, cutoff)),
      )
      .for('no key update', { skipLocked: true });
    if (!order) return false;
    await applyStatusChange(
      tx,
      orderId,
      order.status,
      CANCELLED_STATUS,
      { system: HOLD_EXPIRED_NOTE },
      // The customer reads why, and that the store will pick it up again if asked.
      { store, explanation: HOLD_RELEASED_REASON },
    );
    return true;
  });
}
