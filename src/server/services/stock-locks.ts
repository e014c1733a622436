// The one order in which transactions lock the rows that hold stock
// (docs/decisions/048-one-lock-order-for-stock.md):
//
//   0. the requester's customer row (a quote request) or the order row (a status change, the
//      hold-release job, a revision), when the transaction takes one;
//   1. the products concerned, ascending id;
//   2. then their variants, ascending id;
//
// each before the first write to any of them. Every write to a variant also writes its product
// (the trigger that keeps the product's card and lowest price, drizzle/0014), so a transaction
// that locked variants one by one took the product's row between two of them, and two quotes,
// or a quote and the product form, could wait on each other in a cycle: PostgreSQL's "deadlock
// detected" and a 500 for one of them.
//
// Every lock is FOR NO KEY UPDATE, the lock an UPDATE that leaves the key alone takes anyway:
// taking it early adds the order and no waits. And it does not block a foreign key check
// (KEY SHARE), which a transaction may make on a customer or order row after its products,
// e.g. when it updates its order row twice; FOR UPDATE would, and did: a quote holding its
// customer FOR UPDATE waited for the product an admin held while the admin's cancellation of
// that customer's earlier order re-checked the order's key to the customer.
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { products, variants } from '../db/schema';

const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** The products of `variantIds`, then those variants: for a change of some variants' stock. */
export async function lockStockOf(tx: Executor, variantIds: Iterable<number>) {
  const ids = ascending(variantIds);
  if (ids.length === 0) return;
  const owners = tx
    .select({ id: variants.productId })
    .from(variants)
    .where(inArray(variants.id, ids));
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, owners))
    .orderBy(asc(products.id))
    .for('no key update');
  await tx
    .select({ id: variants.id })
    .from(variants)
    .where(inArray(variants.id, ids))
    .orderBy(asc(variants.id))
    .for('no key update');
}

/**
 * `productIds` only, for a write to products that leaves their variants alone (a brand's
 * rename rebuilds its products' cards). Answers the ids of those that exist (now locked).
 */
export async function lockProducts(tx: Executor, productIds: Iterable<number>): Promise<number[]> {
  const ids = ascending(productIds);
  if (ids.length === 0) return [];
  const locked = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
  return locked.map((row) => row.id);
}

/**
 * `productIds`, then every variant they have: for a save, delete or import of whole products.
 * Answers the ids of the products that exist (now locked).
 */
export async function lockProductsWithVariants(
  tx: Executor,
  productIds: Iterable<number>,
): Promise<number[]> {
  const found = await lockProducts(tx, productIds);
  if (found.length > 0) {
    await tx
      .select({ id: variants.id })
      .from(variants)
      .where(inArray(variants.productId, found))
      .orderBy(asc(variants.id))
      .for('no key update');
  }
  return found;
}
