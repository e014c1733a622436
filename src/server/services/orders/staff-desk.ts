// The staff desk (docs/decisions/092-one-desk-for-quotes.md): the orders list as the one queue,
// read marks per staff member and the 'Responsable' of each order.
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isDispatchPendingFilter } from '@shared/order-filters';
import type { AdminOrdersFilter } from '@shared/schemas/order';
import { isWaitingTooLong, UNREAD_WINDOW_DAYS } from '@shared/staff-desk';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { paginate } from '../../db/paginate';
import { customers, orderReads, orders, userRoles, users } from '../../db/schema';
import { recordOrderAudit } from '../infra/audit';
import { newestFirst, oldestFirst, orderRowColumns, ordersFilterWhere } from './order-queries';

export const deskMessages = {
  ownerNotStaff: 'El responsable tiene que ser alguien del personal',
  orderMissing: 'Alguna de las órdenes ya no existe',
};

const windowStart = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz - ${`${UNREAD_WINDOW_DAYS} days`}::interval)`;

/**
 * Unread for `userId`: the customer acted within the window and this staff member has not
 * opened the order since.
 */
const isUnreadFor = (userId: number, now: Date) =>
  sql<boolean>`(${orders.lastCustomerActionAt} > ${windowStart(now)} and not exists (
    select 1 from ${orderReads} r where r.order_id = ${orders.id} and r.user_id = ${userId}
      and r.read_at >= ${orders.lastCustomerActionAt}))`;

const ownerName = sql<string | null>`(select coalesce(oc.full_name, ou.email) from ${users} ou
  left join ${customers} oc on oc.user_id = ou.id where ou.id = ${orders.ownerId})`;

/** The staff, each by name (their customer name, or their e-mail), for 'Responsable'. */
const staffMembers = (db: Executor) =>
  db
    .select({ id: users.id, name: sql<string>`coalesce(${customers.fullName}, ${users.email})` })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .leftJoin(customers, eq(customers.userId, users.id))
    .$dynamic();

/** The latest revision's last valid day, for 'Vence en 2 días' / 'Vencida'. */
const latestValidUntil = sql<string | null>`(select q.valid_until::text from quote_revisions q
  where q.order_id = ${orders.id} order by q.number desc limit 1)`;

export type DeskViewer = { userId: number; now: Date };

/**
 * The dashboard's orders, newest first (what waits to leave oldest first), each with what the
 * desk shows: unread for the viewer, the customer's last action and whether it waits too long,
 * the quote's validity and the 'Responsable'.
 */
export async function listDeskOrders(
  db: Executor,
  input: AdminOrdersFilter & { page: number; pageSize: number; mine: boolean },
  viewer: DeskViewer,
) {
  const conditions: (SQL | undefined)[] = [ordersFilterWhere(input)];
  if (input.mine) conditions.push(eq(orders.ownerId, viewer.userId));
  const where = and(...conditions);
  const order = isDispatchPendingFilter(input.dispatch) ? oldestFirst : newestFirst;
  const query = db
    .select({
      ...orderRowColumns,
      customerName: customers.fullName,
      customerEmail: customers.email,
      companyName: orders.companyName,
      lastCustomerActionAt: orders.lastCustomerActionAt,
      lastStaffAnswerAt: orders.lastStaffAnswerAt,
      ownerId: orders.ownerId,
      ownerName,
      validUntil: latestValidUntil,
      isUnread: isUnreadFor(viewer.userId, viewer.now),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const page = await paginate(query, db.$count(orders, where), input.page, input.pageSize);
  return {
    ...page,
    pageSize: input.pageSize,
    /** The server's 'now' (the injectable clock), which the ages on the page are counted from. */
    now: viewer.now,
    items: page.items.map(({ lastStaffAnswerAt, ...row }) => ({
      ...row,
      isUnread: Boolean(row.isUnread),
      isWaitingTooLong: isWaitingTooLong(row.lastCustomerActionAt, lastStaffAnswerAt, viewer.now),
    })),
  };
}

/** How many orders are unread for this staff member, beside 'Órdenes' in the navigation. */
export async function countUnreadOrders(db: Executor, viewer: DeskViewer): Promise<number> {
  return db.$count(orders, isUnreadFor(viewer.userId, viewer.now));
}

/**
 * The staff member opened the order: read until the customer acts again. The mark is at least
 * the last action it showed, so a database clock a little ahead of the server's cannot leave
 * an opened order unread.
 */
export async function markOrderOpened(db: Executor, orderId: number, viewer: DeskViewer) {
  // Selected from the order itself: an id that names no order marks nothing (and is no error).
  await db.execute(sql`
    insert into ${orderReads} (${sql.identifier(orderReads.userId.name)},
      ${sql.identifier(orderReads.orderId.name)}, ${sql.identifier(orderReads.readAt.name)})
    select ${viewer.userId}, ${orders.id},
      greatest(${viewer.now.toISOString()}::timestamptz, ${orders.lastCustomerActionAt})
    from ${orders} where ${orders.id} = ${orderId}
    on conflict (${sql.identifier(orderReads.userId.name)}, ${sql.identifier(orderReads.orderId.name)})
    do update set ${sql.identifier(orderReads.readAt.name)} =
      greatest(${orderReads.readAt}, excluded.${sql.identifier(orderReads.readAt.name)})`);
}

/** Who may be 'Responsable': the staff, by name. */
export function listStaff(db: Executor) {
  return staffMembers(db).orderBy(sql`2`, users.id);
}

/**
 * 'Asignar responsable' for one order or several, in one transaction; each order whose owner
 * changes gets its entry in the activity log.
 */
export async function assignOwner(
  db: Executor,
  input: { orderIds: number[]; ownerId: number | null },
  userId: number,
) {
  const orderIds = [...new Set(input.orderIds)];
  return db.transaction(async (tx) => {
    let ownerLabel: string | null = null;
    if (input.ownerId !== null) {
      const [owner] = await staffMembers(tx).where(eq(users.id, input.ownerId));
      if (!owner) throw new TRPCError({ code: 'BAD_REQUEST', message: deskMessages.ownerNotStaff });
      ownerLabel = owner.name;
    }
    const before = await queryRows<{ id: number; owner_id: number | null; owner: string | null }>(
      tx,
      sql`select o.id, o.owner_id, coalesce(c.full_name, u.email) as owner
          from orders o left join users u on u.id = o.owner_id
          left join customers c on c.user_id = u.id
          where o.id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) order by o.id for update of o`,
    );
    if (before.length !== orderIds.length) {
      throw new TRPCError({ code: 'NOT_FOUND', message: deskMessages.orderMissing });
    }
    const changing = before.filter((row) => row.owner_id !== input.ownerId);
    if (changing.length === 0) return { changed: 0 };
    await tx
      .update(orders)
      .set({ ownerId: input.ownerId })
      .where(
        inArray(
          orders.id,
          changing.map((row) => row.id),
        ),
      );
    for (const row of changing) {
      await recordOrderAudit(tx, {
        userId,
        orderId: row.id,
        action: 'owner',
        changes: { responsable: { before: row.owner, after: ownerLabel } },
      });
    }
    return { changed: changing.length };
  });
}

/** The order's 'Responsable', for staff's order page only. */
export async function orderOwnerId(db: Executor, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: orders.ownerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.ownerId ?? null;
}
