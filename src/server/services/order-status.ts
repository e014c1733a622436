// admin.orders.setStatus: any status at any time, every change recorded, and the stock follows
// Cancelado: returned when an order is cancelled, reserved again when it leaves
// (docs/decisions/015-server-authoritative-prices-and-stock.md, 018-order-status-history.md).
// The hold-release job cancels expired quotes through the same steps, recorded as the system's.
import { TRPCError } from '@trpc/server';
import { and, eq, lt, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import {
  CANCELLED_STATUS,
  type OrderStatus,
  QUOTE_STATUS,
  releasesStock,
} from '@shared/order-status';
import { STATUS_REASON_REQUIRED } from '@shared/schemas/order';
import type { Database, Transaction } from '../db/client';
import { queryRows } from '../db/client';
import { orderStatusHistory, orders } from '../db/schema';
import { orderMails, queueMail } from '../mail/order-mails';
import { recordOrderAudit } from './audit';
import { insufficientStockMessage } from './quote-orders';
import { foundOrThrow } from './found';
import { fieldRefusalError } from '../validation';

type StockLine = { variant_id: number; quantity: number; product_name: string };

/**
 * The quantities per variant the order holds, in ascending variant id: the lines of its
 * latest quote revision once staff sent one, the requested lines before that.
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
          where revision_id = (select id from latest)
          union all
          select variant_id, quantity, product_name from order_items
          where order_id = ${orderId} and not exists (select 1 from latest))
        select variant_id, sum(quantity)::int as quantity, min(product_name) as product_name
        from lines where variant_id is not null
        group by variant_id order by variant_id`,
  );
}

/** Gives back units a quote held; the caller goes in ascending variant id, like requestQuote. */
export async function releaseStock(tx: Transaction, variantId: number, quantity: number) {
  await tx.execute(sql`update variants set stock = stock + ${quantity} where id = ${variantId}`);
}

async function returnStock(tx: Transaction, orderId: number) {
  // Row by row in variant order, like requestQuote, so the two never deadlock.
  for (const line of await reservedLines(tx, orderId)) {
    await releaseStock(tx, line.variant_id, line.quantity);
  }
}

async function reserveStockAgain(tx: Transaction, orderId: number) {
  for (const line of await reservedLines(tx, orderId)) {
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
 * Moves a locked order to `status`: the stock follows Cancelado and the change is recorded.
 * The caller holds the order row's lock (FOR UPDATE) inside `tx` and read `current` under it.
 * Returns whether stock moved, i.e. whether the shop now shows other numbers.
 */
export async function applyStatusChange(
  tx: Transaction,
  orderId: number,
  current: string,
  status: OrderStatus,
  actor: StatusActor,
  options: { mailCustomer?: boolean } = {},
): Promise<boolean> {
  const wasCancelled = current === CANCELLED_STATUS;
  const isCancelled = status === CANCELLED_STATUS;
  if (isCancelled && !wasCancelled) await returnStock(tx, orderId);
  if (wasCancelled && !isCancelled) await reserveStockAgain(tx, orderId);

  await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: current,
    toStatus: status,
    ...('userId' in actor
      ? { changedBy: actor.userId, note: actor.note ?? null }
      : { changedBy: null, actor: 'system' as const, note: actor.system }),
  });
  // The customer hears of every status change, except where the caller mails something richer.
  if (options.mailCustomer !== false) {
    const [order] = await tx
      .select({ email: orders.contactEmail })
      .from(orders)
      .where(eq(orders.id, orderId));
    // The reason of a cancellation ('Motivo', or the store's own) is in the mail too.
    const note = 'userId' in actor ? actor.note : actor.system;
    const reason = releasesStock(current, status) ? note : undefined;
    if (order) {
      await queueMail(tx, orderMails.statusToCustomer(order.email, orderId, status, reason));
    }
  }
  return isCancelled !== wasCancelled;
}

export async function changeOrderStatus(
  db: Database,
  input: { orderId: number; status: OrderStatus; changedBy: number; reason?: string },
): Promise<{ id: number; status: string; isStockMoved: boolean }> {
  return db.transaction(async (tx) => {
    // The order row lock serialises two admins changing the same order.
    const current = await foundOrThrow(
      queryRows<{ status: string }>(
        tx,
        sql`select status from orders where id = ${input.orderId} for update`,
      ),
      messages.orderNotFound,
    );
    if (current.status === input.status) {
      return { id: input.orderId, status: current.status, isStockMoved: false };
    }
    // Giving the customer's reserved stock back ends their quote: they are told why.
    if (releasesStock(current.status, input.status) && !input.reason) {
      throw fieldRefusalError('reason', STATUS_REASON_REQUIRED);
    }
    const isStockMoved = await applyStatusChange(tx, input.orderId, current.status, input.status, {
      userId: input.changedBy,
      note: input.reason,
    });
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

/** The history's reason for a quote the store cancelled because its hold ran out. */
export const HOLD_EXPIRED_NOTE = 'Reserva vencida';

/**
 * Cancels one quote still in Cotización that was created before `cutoff`, returning its stock,
 * as the system. False when it no longer qualifies or another process holds it right now
 * (SKIP LOCKED: several instances may run the same job without waiting on each other).
 */
export async function releaseHold(db: Database, orderId: number, cutoff: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(
        and(eq(orders.id, orderId), eq(orders.status, QUOTE_STATUS), lt(orders.createdAt, cutoff)),
      )
      .for('update', { skipLocked: true });
    if (!order) return false;
    await applyStatusChange(tx, orderId, order.status, CANCELLED_STATUS, {
      system: HOLD_EXPIRED_NOTE,
    });
    return true;
  });
}
