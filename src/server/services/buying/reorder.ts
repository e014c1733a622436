// 'Volver a pedir': an earlier order's lines back into the cart, at today's prices for this
// buyer. The lines are those last quoted (the latest revision once staff sent one, else the
// request); a variant deleted since is named back instead.
import { sql } from 'drizzle-orm';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { type BuyerLine, buyerLines } from './buyer-lines';
import { getOrderDetail } from '../orders/order-queries';

export async function reorderLines(
  db: Executor,
  customerId: number,
  orderId: number,
  now: Date,
): Promise<{ lines: BuyerLine[]; unavailable: string[] }> {
  // NOT_FOUND for another customer's order, as every customer read of an order answers.
  await getOrderDetail(db, orderId, customerId);
  const rows = await queryRows<{ variant_id: number | null; quantity: number; name: string }>(
    db,
    sql`with latest as (
          select id from quote_revisions where order_id = ${orderId}
          order by number desc limit 1)
        select variant_id, quantity, product_name as name from quote_revision_lines
        where revision_id = (select id from latest)
        union all
        select variant_id, quantity, product_name as name from order_items
        where order_id = ${orderId} and not exists (select 1 from latest)`,
  );
  const kept = rows.filter((row) => row.variant_id !== null);
  const lines = await buyerLines(
    db,
    customerId,
    kept.map((row) => ({ variantId: Number(row.variant_id), quantity: Number(row.quantity) })),
    now,
  );
  const found = new Set(lines.map((line) => line.variantId));
  const unavailable = rows
    .filter((row) => row.variant_id === null || !found.has(Number(row.variant_id)))
    .map((row) => row.name);
  return { lines, unavailable };
}
