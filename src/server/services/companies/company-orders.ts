// The company's side of /account/pedidos: every order of the company with who requested it,
// and on one order what the reader may do there (accept it as its requester, decide on it as
// an administrator of its company).
import { desc, eq, sql } from 'drizzle-orm';
import { ACCOUNT_ORDERS_PAGE_SIZE } from '@shared/schemas/order';
import { toPage } from '@shared/page';
import type { Executor } from '../../db/client';
import { paginate } from '../../db/paginate';
import { customers, orders } from '../../db/schema';
import { membershipOf } from './companies';

/** The company's orders, newest first; an empty page for a customer without company. */
export async function listCompanyOrders(db: Executor, customerId: number, page: number) {
  const membership = await membershipOf(db, customerId);
  if (!membership) return toPage([], 0, page, ACCOUNT_ORDERS_PAGE_SIZE);
  const where = eq(orders.companyId, membership.companyId);
  const query = db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalAmount: orders.totalAmount,
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
 * and whether they administer its company (who approves it).
 */
export async function readerOfOrder(db: Executor, orderId: number, customerId: number) {
  const [order] = await db
    .select({ customerId: orders.customerId, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const membership = await membershipOf(db, customerId);
  return {
    isRequester: order?.customerId === customerId,
    isCompanyAdmin:
      membership?.role === 'admin' &&
      order?.companyId !== null &&
      order?.companyId === membership.companyId,
  };
}
