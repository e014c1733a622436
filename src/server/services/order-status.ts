// admin.orders.setStatus: any status at any time, every change recorded, and the stock follows
// Cancelado: returned when an order is cancelled, reserved again when it leaves
// (docs/decisions/015-server-authoritative-prices-and-stock.md, 018-order-status-history.md).
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { CANCELLED_STATUS, type OrderStatus } from '@shared/order-status';
import type { Database, Transaction } from '../db/client';
import { queryRows } from '../db/client';
import { orderStatusHistory, orders } from '../db/schema';
import { insufficientStockMessage } from './quote-orders';

type StockLine = { variant_id: number; quantity: number; product_name: string };

/** The order's quantities per variant still in the catalogue, in ascending variant id. */
async function stockLines(tx: Transaction, orderId: number): Promise<StockLine[]> {
  // Items whose variant was deleted (variant_id null,
  // docs/decisions/017-order-lines-keep-a-snapshot.md) have no stock to move.
  return queryRows<StockLine>(
    tx,
    sql`select variant_id, sum(quantity)::int as quantity, min(product_name) as product_name
        from order_items where order_id = ${orderId} and variant_id is not null
        group by variant_id order by variant_id`,
  );
}

async function returnStock(tx: Transaction, orderId: number) {
  // Row by row in variant order, like requestQuote, so the two never deadlock.
  for (const line of await stockLines(tx, orderId)) {
    await tx.execute(
      sql`update variants set stock = stock + ${line.quantity} where id = ${line.variant_id}`,
    );
  }
}

async function reserveStockAgain(tx: Transaction, orderId: number) {
  for (const line of await stockLines(tx, orderId)) {
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

export async function changeOrderStatus(
  db: Database,
  input: { orderId: number; status: OrderStatus; changedBy: number },
): Promise<{ id: number; status: string }> {
  return db.transaction(async (tx) => {
    // The order row lock serialises two admins changing the same order.
    const [current] = await queryRows<{ status: string }>(
      tx,
      sql`select status from orders where id = ${input.orderId} for update`,
    );
    if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
    if (current.status === input.status) return { id: input.orderId, status: current.status };

    const wasCancelled = current.status === CANCELLED_STATUS;
    const isCancelled = input.status === CANCELLED_STATUS;
    if (isCancelled && !wasCancelled) await returnStock(tx, input.orderId);
    if (wasCancelled && !isCancelled) await reserveStockAgain(tx, input.orderId);

    await tx.update(orders).set({ status: input.status }).where(eq(orders.id, input.orderId));
    await tx.insert(orderStatusHistory).values({
      orderId: input.orderId,
      fromStatus: current.status,
      toStatus: input.status,
      changedBy: input.changedBy,
    });
    return { id: input.orderId, status: input.status };
  });
}
