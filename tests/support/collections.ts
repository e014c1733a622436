// Quotes for the credit and collections tests: a company's buyer asks, staff revise at a price
// that gives the total wanted, and the buyer accepts (docs/decisions/083-085).
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import type { AppDeps } from '@server/app-deps';
import type { Database } from '@server/db/client';
import { orders } from '@server/db/schema';
import { createTestProduct } from '../integration/orders-fixtures';
import { callerFor } from './context';

let counter = 0;

/**
 * A quote of one line whose total with IVA is `total` (a subtotal of total / 1.22, rounded so
 * the IVA brings it back: '3000' is 2459.02 + 540.98), revised by `staff` and not yet accepted.
 */
export async function revisedQuote(
  deps: AppDeps,
  { buyer, staff, total }: { buyer: SessionUser; staff: SessionUser; total: string },
) {
  const subtotal = subtotalFor(total);
  const [variant] = await createTestProduct(deps.db, [{ stock: 100, price: subtotal }]);
  const { id } = await callerFor(deps, buyer).orders.requestQuote({
    email: buyer.user.email,
    items: [{ variantId: variant!.id, quantity: 1 }],
    idempotencyKey: `cobranzas-${Date.now()}-${++counter}`,
  });
  await callerFor(deps, staff).admin.orders.sendRevision({
    orderId: id,
    lines: [{ variantId: variant!.id, quantity: 1, unitPrice: subtotal, discountPercent: '0' }],
    validUntil: '2099-12-31',
  });
  return { id, variantId: variant!.id };
}

/** The subtotal whose 22 % IVA (half up) makes `total`, found in cents. */
export function subtotalFor(total: string): string {
  const cents = Math.round(Number(total) * 100);
  for (let sub = Math.floor(cents / 1.22) - 2; sub <= Math.ceil(cents / 1.22) + 2; sub += 1) {
    const tax = Math.floor((sub * 22 + 50) / 100);
    if (sub + tax === cents) return (sub / 100).toFixed(2);
  }
  throw new Error(`no subtotal gives ${total} with IVA`);
}

/** A quote of `total` accepted by `buyer`: what the acceptance answered. */
export async function acceptedQuote(
  deps: AppDeps,
  people: { buyer: SessionUser; staff: SessionUser; total: string },
) {
  const { id, variantId } = await revisedQuote(deps, people);
  const answer = await callerFor(deps, people.buyer).account.orders.accept({ id, revision: 1 });
  return { id, variantId, answer };
}

/** The order's status and payment columns as stored. */
export async function orderAxis(db: Database, orderId: number) {
  const [row] = await db
    .select({
      status: orders.status,
      amountDue: orders.amountDue,
      dueOn: orders.dueOn,
      paymentTermsDays: orders.paymentTermsDays,
      paymentTermsFrom: orders.paymentTermsFrom,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}
