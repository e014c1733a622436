// The lines of an accepted order and what happened to each one's units
// (docs/decisions/080-three-axes-of-an-order.md): its latest revision's lines, or its own
// requested lines when staff concluded it without a revision, as `reservedLines`
// (services/orders/order-status.ts) reads them for the stock.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';

export type AcceptedLine = {
  /** 'r12' (quote_revision_lines 12) or 'i7' (order_items 7): how a dispatch names the line. */
  lineKey: string;
  revisionLineId: number | null;
  orderItemId: number | null;
  variantId: number | null;
  productName: string;
  colorName: string;
  storage: string;
  quantity: number;
  isBackorder: boolean;
  /** The line's amount before tax, after its discount. */
  amount: string;
  dispatched: number;
  cancelled: number;
};

/** In the order they were quoted; `dispatched` and `cancelled` read now (under the caller's lock). */
export async function acceptedLines(db: Executor, orderId: number): Promise<AcceptedLine[]> {
  return queryRows<AcceptedLine>(
    db,
    sql`with latest as (
          select id from quote_revisions where order_id = ${orderId}
          order by number desc limit 1),
        lines as (
          select 'r' || l.id as "lineKey", l.id as "revisionLineId", null::int as "orderItemId",
                 l.variant_id as "variantId", l.product_name as "productName",
                 l.color_name as "colorName", l.storage, l.quantity, l.is_backorder as "isBackorder",
                 l.amount::text as amount, 0 as source, l.id as position
          from quote_revision_lines l where l.revision_id = (select id from latest)
          union all
          select 'i' || i.id, null, i.id, i.variant_id, i.product_name, i.color_name, i.storage,
                 i.quantity, i.is_backorder, (i.price * i.quantity)::text, 1, i.id
          from order_items i
          where i.order_id = ${orderId} and not exists (select 1 from latest)),
        sent as (
          select revision_line_id, order_item_id, sum(quantity)::int as units
          from dispatch_lines where order_id = ${orderId}
          group by revision_line_id, order_item_id),
        dropped as (
          select revision_line_id, order_item_id, sum(quantity)::int as units
          from cancelled_lines where order_id = ${orderId}
          group by revision_line_id, order_item_id)
        select l."lineKey", l."revisionLineId", l."orderItemId", l."variantId", l."productName",
               l."colorName", l.storage, l.quantity, l."isBackorder", l.amount,
               coalesce(s.units, 0) as dispatched, coalesce(d.units, 0) as cancelled
        from lines l
        left join sent s on s.revision_line_id is not distinct from l."revisionLineId"
                        and s.order_item_id is not distinct from l."orderItemId"
        left join dropped d on d.revision_line_id is not distinct from l."revisionLineId"
                           and d.order_item_id is not distinct from l."orderItemId"
        order by l.source, l.position`,
  );
}

/** Where a dispatch or cancelled line points: its revision line or its order item. */
export const lineReference = (line: AcceptedLine) => ({
  revisionLineId: line.revisionLineId,
  orderItemId: line.orderItemId,
});
