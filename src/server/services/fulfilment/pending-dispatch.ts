// The dashboard's 'Por despachar' (docs/decisions/082-dispatches-and-delivery-notes.md): how
// many accepted orders still have goods to send, and what those goods are worth before tax.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';

/**
 * Each pending line's amount in proportion to its units not yet sent nor cancelled, rounded
 * per line to the cent like the quote's own lines; the orders come off the partial index of
 * what waits to leave.
 */
export async function pendingDispatchFigure(db: Executor) {
  const [row] = await queryRows<{ orders: number; amount: string }>(
    db,
    sql`with pending as (
          select id from orders
          where fulfilment_status in ('Por despachar', 'Despachado parcialmente')),
        latest as (
          select distinct on (order_id) order_id, id from quote_revisions
          where order_id in (select id from pending) order by order_id, number desc),
        lines as (
          select l.id as rl, null::int as oi, l.quantity, l.amount
          from latest r join quote_revision_lines l on l.revision_id = r.id
          union all
          select null, i.id, i.quantity, i.price * i.quantity
          from pending p join order_items i on i.order_id = p.id
          where not exists (select 1 from latest r where r.order_id = p.id)),
        moved as (
          select revision_line_id as rl, order_item_id as oi, sum(quantity)::int as units
          from (select revision_line_id, order_item_id, quantity from dispatch_lines
                where order_id in (select id from pending)
                union all
                select revision_line_id, order_item_id, quantity from cancelled_lines
                where order_id in (select id from pending)) m
          group by revision_line_id, order_item_id)
        select (select count(*) from pending)::int as orders,
               coalesce(sum(round(l.amount * (l.quantity - coalesce(m.units, 0)) / l.quantity, 2)), 0)::text
                 as amount
        from lines l
        left join moved m on m.rl is not distinct from l.rl and m.oi is not distinct from l.oi`,
  );
  return row ?? { orders: 0, amount: '0' };
}
