// 'Listas de compra': a buyer saves the cart under a name and adds it back later, at the
// prices of that day. A list saved by a company's member is shared with the company's other
// members for as long as both belong to it (by membership, read at each request): listsVisibleTo
// is the one place that decides which lists a buyer reads. Only its owner deletes a list.
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { PURCHASE_LISTS_MAX, type PurchaseListInput } from '@shared/schemas/pricing';
import { type Database, type Executor } from '../../db/client';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { companyMembers, customers, purchaseListItems, purchaseLists } from '../../db/schema';
import { type BuyerLine, buyerLines } from './buyer-lines';
import { foundOrThrow } from '../infra/found';
import type { Buyer } from '../pricing/pricing';

/**
 * The condition on purchase_lists of the lists `buyer` may read: their own, and those saved for
 * the buyer's company by someone who is still its member. A member who leaves stops reading the
 * company's lists, and their own stop being shared, at once; nothing is copied or moved.
 */
export function listsVisibleTo(buyer: Buyer): SQL {
  const own = eq(purchaseLists.customerId, buyer.customerId);
  if (buyer.companyId === null) return own;
  return or(
    own,
    and(
      eq(purchaseLists.companyId, buyer.companyId),
      exists(
        sql`(select 1 from ${companyMembers} where ${companyMembers.customerId} = ${purchaseLists.customerId} and ${companyMembers.companyId} = ${buyer.companyId})`,
      ),
    ),
  )!;
}

/**
 * The buyer's lists and their colleagues', most recently saved first, with how many products
 * each holds and who saved it (`isOwn`: only the owner may delete it).
 */
export async function listPurchaseLists(db: Executor, buyer: Buyer) {
  return db
    .select({
      id: purchaseLists.id,
      name: purchaseLists.name,
      updatedAt: purchaseLists.updatedAt,
      itemCount: count(purchaseListItems.variantId),
      savedBy: customers.fullName,
      isOwn: sql<boolean>`${purchaseLists.customerId} = ${buyer.customerId}`,
    })
    .from(purchaseLists)
    .innerJoin(customers, eq(customers.id, purchaseLists.customerId))
    .leftJoin(purchaseListItems, eq(purchaseListItems.listId, purchaseLists.id))
    .where(listsVisibleTo(buyer))
    .groupBy(purchaseLists.id, customers.fullName)
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
 * Saves the cart as a list of the buyer's own, shared with the buyer's company when they have
 * one. A name the buyer already uses (any case) is refused, and so is a list past
 * PURCHASE_LISTS_MAX (counted per owner: colleagues' lists do not fill the buyer's).
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
        .values({ customerId: buyer.customerId, companyId: buyer.companyId, name: input.name })
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
