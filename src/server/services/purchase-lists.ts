// 'Listas de compra': a buyer saves the cart under a name and adds it back later, at the
// prices of that day. Today every list is its customer's own; when companies land, a list
// with a company_id is shared with that company's members: listsVisibleTo is the one place
// that decides which lists a buyer reads.
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { PURCHASE_LISTS_MAX, type PurchaseListInput } from '@shared/schemas/pricing';
import {
  type Database,
  type Executor,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../db/client';
import { purchaseListItems, purchaseLists } from '../db/schema';
import { type BuyerLine, buyerLines } from './buyer-lines';
import { foundOrThrow } from './found';
import type { Buyer } from './pricing';

/** The condition on purchase_lists of the lists `buyer` may read: today, their own. */
export function listsVisibleTo(buyer: Buyer): SQL {
  return eq(purchaseLists.customerId, buyer.customerId);
}

/** The buyer's lists, most recently saved first, with how many products each holds. */
export async function listPurchaseLists(db: Executor, buyer: Buyer) {
  return db
    .select({
      id: purchaseLists.id,
      name: purchaseLists.name,
      updatedAt: purchaseLists.updatedAt,
      itemCount: count(purchaseListItems.variantId),
    })
    .from(purchaseLists)
    .leftJoin(purchaseListItems, eq(purchaseListItems.listId, purchaseLists.id))
    .where(listsVisibleTo(buyer))
    .groupBy(purchaseLists.id)
    .orderBy(desc(purchaseLists.updatedAt), desc(purchaseLists.id))
    .limit(PURCHASE_LISTS_MAX);
}

/** One list with its lines at today's prices for this buyer; someone else's is NOT_FOUND. */
export async function getPurchaseList(
  db: Executor,
  buyer: Buyer,
  id: number,
  now: Date,
): Promise<{ id: number; name: string; lines: BuyerLine[] }> {
  const list = await foundOrThrow(
    db
      .select({ id: purchaseLists.id, name: purchaseLists.name })
      .from(purchaseLists)
      .where(and(eq(purchaseLists.id, id), listsVisibleTo(buyer))),
    messages.purchaseListNotFound,
  );
  const items = await db
    .select({ variantId: purchaseListItems.variantId, quantity: purchaseListItems.quantity })
    .from(purchaseListItems)
    .where(eq(purchaseListItems.listId, id))
    .orderBy(asc(purchaseListItems.position));
  return { ...list, lines: await buyerLines(db, buyer.customerId, items, now) };
}

/**
 * Saves the cart as a list of the buyer's own. A name the buyer already uses (any case) is
 * refused, and so is a list past PURCHASE_LISTS_MAX.
 */
export async function createPurchaseList(db: Database, buyer: Buyer, input: PurchaseListInput) {
  try {
    return await db.transaction(async (tx) => {
      // Serialises this customer's saves, so two at once cannot both pass the count.
      await tx.execute(
        sql`select id from customers where id = ${buyer.customerId} for no key update`,
      );
      const owned = await tx.$count(purchaseLists, eq(purchaseLists.customerId, buyer.customerId));
      if (owned >= PURCHASE_LISTS_MAX) {
        throw new TRPCError({ code: 'CONFLICT', message: messages.purchaseListsFull });
      }
      const [list] = await tx
        .insert(purchaseLists)
        .values({ customerId: buyer.customerId, name: input.name })
        .returning({ id: purchaseLists.id, name: purchaseLists.name });
      await tx.insert(purchaseListItems).values(
        input.items.map((item, position) => ({
          listId: list!.id,
          variantId: item.variantId,
          quantity: item.quantity,
          position,
        })),
      );
      return list!;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.purchaseListNameTaken });
    }
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      throw new TRPCError({ code: 'NOT_FOUND', message: messages.cartItemGone });
    }
    throw error;
  }
}

/** Deletes one of the buyer's own lists; someone else's is NOT_FOUND. */
export async function deletePurchaseList(db: Executor, buyer: Buyer, id: number) {
  const deleted = await db
    .delete(purchaseLists)
    .where(and(eq(purchaseLists.id, id), eq(purchaseLists.customerId, buyer.customerId)))
    .returning({ id: purchaseLists.id });
  if (deleted.length === 0) {
    throw new TRPCError({ code: 'NOT_FOUND', message: messages.purchaseListNotFound });
  }
  return { id };
}
