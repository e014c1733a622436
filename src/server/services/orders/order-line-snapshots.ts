// What an order line keeps of its variant (docs/decisions/017-order-lines-keep-a-snapshot.md),
// for the lines that reserve no stock: a 'Consultar disponibilidad' line is read here instead of
// through the stock update that reads the others (quote-orders.ts reserveLine).
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { failsAs } from '../../failed-step';
import { queryRows } from '../../db/queries';
import { type Transaction } from '../../db/client';

/** The columns of the snapshot, named as the stock update returns them. */
export type LineSnapshot = {
  variant_id: number;
  product_id: number;
  storage: string;
  color_name: string;
  product_name: string;
  product_slug: string;
  product_image: string | null;
  quantity: number;
};

/** The snapshots of lines that hold no stock; a variant deleted since the cart is NOT_FOUND. */
export async function backorderSnapshots(
  tx: Transaction,
  lines: { variantId: number; quantity: number }[],
): Promise<LineSnapshot[]> {
  if (lines.length === 0) return [];
  const ids = lines.map((line) => line.variantId);
  const rows = await failsAs(messages.variantLoadFailed, () =>
    queryRows<Omit<LineSnapshot, 'quantity'>>(
      tx,
      sql`select v.id as variant_id, p.id as product_id, v.storage, v.color_name,
                 p.name as product_name, p.slug as product_slug, p.images->>0 as product_image
          from variants v join products p on p.id = v.product_id
          where v.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    ),
  );
  const byId = new Map(rows.map((row) => [Number(row.variant_id), row]));
  return lines.map((line) => {
    const row = byId.get(line.variantId);
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.cartItemGone });
    return { ...row, variant_id: Number(row.variant_id), quantity: line.quantity };
  });
}
