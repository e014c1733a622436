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
import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, variants } from '../../db/schema';
import { intArray } from './csv/bulk-sql';
import { slices } from './csv/turns';

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
 * Ids per locking statement: a catalogue import locks up to 100,000 products and 400,000
 * variants. Ascending slices of an ascending list keep the one order; each slice travels as
 * one int[] parameter (a list of separate parameters stops at 65,535, and drizzle builds it
 * value by value).
 */
const LOCK_BATCH = 10_000;

/**
 * A row's version: PostgreSQL's xmin, the transaction that wrote the row as it is now. Equal
 * versions mean the row has not been written since it was read; the import compares them to
 * skip reading its locked rows again (docs/decisions/069-a-catalogue-import-at-scale.md).
 */
export const rowVersion = sql<string>`xmin::text`;

export type LockedRow = { id: number; version: string };

async function lockProductRows(tx: Executor, productIds: Iterable<number>) {
  const found: LockedRow[] = [];
  for (const ids of slices(ascending(productIds), LOCK_BATCH)) {
    found.push(
      ...(await tx
        .select({ id: products.id, version: rowVersion })
        .from(products)
        .where(sql`${products.id} = any(${intArray(ids)})`)
        .orderBy(asc(products.id))
        .for('no key update')),
    );
  }
  return found;
}

/**
 * `productIds` only, for a write to products that leaves their variants alone (a brand's
 * rename rebuilds its products' cards). Answers the ids of those that exist (now locked).
 */
export async function lockProducts(tx: Executor, productIds: Iterable<number>): Promise<number[]> {
  return (await lockProductRows(tx, productIds)).map((row) => row.id);
}

/**
 * `productIds`, then every variant they have, answering the versions of the rows locked (the
 * products that exist, and their variants). With more products than one statement takes, the
 * variants are locked a slice of products at a time, so ascending only within each slice: no
 * other writer can wait for one of them while holding another, since every writer locks a
 * variant's product first, and all of these are held already.
 */
export async function lockProductsWithVariantVersions(
  tx: Executor,
  productIds: Iterable<number>,
): Promise<{ products: LockedRow[]; variants: (LockedRow & { productId: number })[] }> {
  const lockedProducts = await lockProductRows(tx, productIds);
  const lockedVariants: (LockedRow & { productId: number })[] = [];
  for (const slice of slices(lockedProducts, LOCK_BATCH)) {
    const ids = slice.map((row) => row.id);
    lockedVariants.push(
      ...(await tx
        .select({ id: variants.id, productId: variants.productId, version: rowVersion })
        .from(variants)
        .where(sql`${variants.productId} = any(${intArray(ids)})`)
        .orderBy(asc(variants.id))
        .for('no key update')),
    );
  }
  return { products: lockedProducts, variants: lockedVariants };
}

/**
 * `productIds`, then every variant they have: for a save, delete or import of whole products.
 * Answers the ids of the products that exist (now locked).
 */
export async function lockProductsWithVariants(
  tx: Executor,
  productIds: Iterable<number>,
): Promise<number[]> {
  return (await lockProductsWithVariantVersions(tx, productIds)).products.map((row) => row.id);
}
