// 'Volver a pedir': an earlier order's lines back into the cart, at today's prices for this
// buyer. The lines are those last quoted (the latest revision once staff sent one, else the
// request); a variant deleted since is named back instead, and a price that differs from what
// the order had is named with both.
import { sql } from 'drizzle-orm';
import { formatCents, parseCents } from '@shared/money';
import { lineAmountCents } from '@shared/quote-math';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { type BuyerLine, buyerLines } from './buyer-lines';
import { getOrderDetail } from '../orders/order-queries';

export async function reorderLines(
  db: Executor,
  customerId: number,
  orderId: number,
  now: Date,
): Promise<{
  lines: BuyerLine[];
  unavailable: string[];
  priceChanges: { name: string; before: string; after: string }[];
}> {
  // NOT_FOUND for another customer's order, as every customer read of an order answers.
  await getOrderDetail(db, orderId, customerId);
  const rows = await queryRows<{
    variant_id: number | null;
    quantity: number;
    name: string;
    unit_price: string;
    discount_percent: string;
  }>(
    db,
    sql`with latest as (
          select id from quote_revisions where order_id = ${orderId}
          order by number desc limit 1)
        select variant_id, quantity, product_name as name, unit_price::text as unit_price,
               discount_percent::text as discount_percent
        from quote_revision_lines
        where revision_id = (select id from latest)
        union all
        select variant_id, quantity, product_name as name, price::text, '0'
        from order_items
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
  // What the order paid per unit (after a revision's discount) against today's price: the
  // buyer hears which differ before sending the cart as a new request.
  const paid = new Map(
    kept.map((row) => [
      Number(row.variant_id),
      { name: row.name, cents: lineAmountCents(row.unit_price, 1, row.discount_percent) },
    ]),
  );
  const priceChanges = lines.flatMap((line) => {
    const before = paid.get(line.variantId);
    return before && before.cents !== parseCents(line.unitPrice)
      ? [{ name: before.name, before: formatCents(before.cents), after: line.unitPrice }]
      : [];
  });
  return { lines, unavailable, priceChanges };
}
