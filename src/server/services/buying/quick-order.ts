// /pedido-rapido: 'SKU cantidad' lines become cart lines at the buyer's prices; a SKU the
// catalogue does not have is named back ('No encontramos NO-EXISTE-999').
import { sql } from 'drizzle-orm';
import { QUOTE_MAX_QUANTITY } from '@shared/schemas/order';
import type { QuickOrderInput } from '@shared/schemas/pricing';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { type BuyerLine, buyerLines } from './buyer-lines';

export async function resolveQuickOrder(
  db: Executor,
  customerId: number,
  input: QuickOrderInput,
  now: Date,
): Promise<{ lines: BuyerLine[]; notFound: string[] }> {
  const keys = input.lines.map((line) => line.sku.trim().toUpperCase());
  // By upper(sku), the unique index's expression: SKUs are one whatever their case.
  const rows = await queryRows<{ id: number; key: string }>(
    db,
    sql`select id, upper(sku) as key from variants
        where upper(sku) in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`,
  );
  const idOf = new Map(rows.map((row) => [row.key, Number(row.id)]));
  const wanted = new Map<number, number>();
  const notFound: string[] = [];
  input.lines.forEach((line, index) => {
    const id = idOf.get(keys[index]!);
    if (id === undefined) notFound.push(line.sku.trim());
    // Two spellings of one SKU add up, to at most what one line of a quote holds.
    else wanted.set(id, Math.min(QUOTE_MAX_QUANTITY, (wanted.get(id) ?? 0) + line.quantity));
  });
  const lines = await buyerLines(
    db,
    customerId,
    [...wanted].map(([variantId, quantity]) => ({ variantId, quantity })),
    now,
  );
  return { lines, notFound };
}
