// Quote requests as the checkout sends them, and the stock they reserve: the setup the order,
// stock and catalogue-cache tests share.
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import type { Database } from '@server/db/client';
import { variants } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { callerFor } from './context';

export type QuoteInput = Parameters<ReturnType<typeof callerFor>['orders']['requestQuote']>[0];

let keyCounter = 0;

/** The checkout's input for `items` with a fresh idempotency key; `extra` overrides any field. */
export const quoteInput = (
  items: QuoteInput['items'],
  extra: Partial<QuoteInput> = {},
): QuoteInput => ({
  email: 'compras@empresa.uy',
  items,
  idempotencyKey: `cotizacion-${Date.now()}-${++keyCounter}`,
  ...extra,
});

/** `customer` asks for a quote of `items` through the procedure the checkout calls. */
export const requestQuote = (
  deps: AppDeps,
  customer: SessionUser | null,
  items: QuoteInput['items'],
  extra?: Partial<QuoteInput>,
) => callerFor(deps, customer).orders.requestQuote(quoteInput(items, extra));

/** A variant's stock as stored now; undefined once the variant is deleted. */
export async function stockOf(db: Database, variantId: number) {
  const [row] = await db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row?.stock;
}
