// The company's side of /account/pedidos: every order of the company with who requested it,
// and on one order what the reader may do there (accept it as its requester, decide on it as
// an administrator of its company, nothing once they left it).
import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AWAITING_RECEIPT } from '@shared/fulfilment';
import { messages } from '@shared/messages';
import { ACCOUNT_ORDERS_PAGE_SIZE, type AccountOrdersInput } from '@shared/schemas/order';
import { toPage } from '@shared/page';
import type { Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { paginate } from '../../db/paginate';
import { customers, orders } from '../../db/schema';
import { membershipOf } from './companies';

/**
 * The company's orders, newest first, or only those 'Por recibir'; an empty page for a
 * customer without company.
 */
export async function listCompanyOrders(
  db: Executor,
  customerId: number,
  { page = 1, awaitingReceipt }: AccountOrdersInput,
) {
  const membership = await membershipOf(db, customerId);
  if (!membership) return toPage([], 0, page, ACCOUNT_ORDERS_PAGE_SIZE);
  const where = and(
    eq(orders.companyId, membership.companyId),
    awaitingReceipt ? inArray(orders.fulfilmentStatus, [...AWAITING_RECEIPT]) : undefined,
  );
  const query = db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalAmount: orders.totalAmount,
      fulfilmentStatus: orders.fulfilmentStatus,
      requesterName: customers.fullName,
      isMine: sql<boolean>`${orders.customerId} = ${customerId}`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
  return paginate(query, db.$count(orders, where), page, ACCOUNT_ORDERS_PAGE_SIZE);
}

/**
 * What the reader of an order they may read is to it: its requester (who accepts its quote),
 * whether they administer its company (who approves it), and whether they may act on it at all:
 * a company's order only while they are still its member (docs/decisions/074-a-rut-is-not-a-key.md).
 */
export async function readerOfOrder(db: Executor, orderId: number, customerId: number) {
  const [order] = await db
    .select({ customerId: orders.customerId, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const membership = await membershipOf(db, customerId);
  const isCurrentMember = order?.companyId != null && order.companyId === membership?.companyId;
  return {
    isRequester: order?.customerId === customerId,
    isCompanyAdmin: isCurrentMember && membership?.role === 'admin',
    canAct: order?.companyId == null ? order?.customerId === customerId : isCurrentMember,
  };
}

/**
 * Every buyer's action on an order (accept, ask for approval, approve or decline, ask for a
 * renewal, write a message) goes through here, after the caller's own check that they read
 * the order. A company's order is acted on by its current members only: who left or was
 * removed still reads it as history (it was theirs) and is refused here. The member's row is
 * read FOR SHARE, so a removal or a new spending limit waits for this action to commit, and
 * the action sees the limit in force (docs/decisions/074-a-rut-is-not-a-key.md).
 */
export async function requireCurrentMember(tx: Transaction, orderId: number, customerId: number) {
  const [order] = await queryRows<{ company_id: number | null }>(
    tx,
    sql`select company_id from orders where id = ${orderId}`,
  );
  if (order?.company_id == null) return;
  const [member] = await queryRows<{ customer_id: number }>(
    tx,
    sql`select customer_id from company_members
        where customer_id = ${customerId} and company_id = ${order.company_id}
        for share`,
  );
  if (!member) throw new TRPCError({ code: 'FORBIDDEN', message: messages.orderFormerMember });
}
