// The conversation on an order between its customer and the staff: plain text, newest last.
// Each side's unread count is one indexed query (order_messages_unread_idx). A customer's
// message mails the staff at once; a staff message mails the customer at once too, and the
// next ones within 10 minutes of that mail are gathered into one
// (services/orders/message-mails.ts).
import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { customers, orderMessages, orders } from '../../db/schema';
import { orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { requireCurrentMember } from '../companies/company-orders';
import { mailOrGatherStaffMessage } from './message-mails';
import { orderReadableBy } from './order-access';

export type MessageAuthor =
  | {
      role: 'customer';
      userId: number;
      customerId: number;
      staffEmail: string;
      store: StoreIdentity;
    }
  | { role: 'admin'; userId: number; now: Date; store: StoreIdentity };

/** Writes a message; a customer writes only on the orders they read (others are NOT_FOUND). */
export async function postOrderMessage(
  db: Database,
  input: { orderId: number; body: string },
  author: MessageAuthor,
) {
  await db.transaction(async (tx) => {
    if (author.role === 'admin') {
      // The order row's lock, before the message: the mailing job either mails this message
      // or leaves it for the next mail, and two staff messages at once are decided one after the other.
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, input.orderId))
        .for('no key update');
    }
    // A customer writes on the orders they read: their own and their company's.
    const [order] = await tx
      .select({ customerId: orders.customerId, customerName: customers.fullName })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(
        author.role === 'customer'
          ? and(eq(orders.id, input.orderId), orderReadableBy(author.customerId))
          : eq(orders.id, input.orderId),
      );
    if (!order) {
      throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
    }
    // Who left the order's company reads its thread as history, but writes no more there.
    if (author.role === 'customer') {
      await requireCurrentMember(tx, input.orderId, author.customerId);
    }
    await tx.insert(orderMessages).values({
      orderId: input.orderId,
      authorId: author.userId,
      authorRole: author.role,
      body: input.body,
    });
    if (author.role === 'admin') {
      await mailOrGatherStaffMessage(tx, input.orderId, author);
    } else {
      await queueMail(
        tx,
        orderMails(author.store).messageToStaff(
          author.staffEmail,
          input.orderId,
          order.customerName,
          input.body,
        ),
      );
    }
  });
}

/** The thread, oldest first; `isUnread` is from the reader's side (the other side wrote it). */
export async function listOrderMessages(
  db: Executor,
  orderId: number,
  reader: 'customer' | 'admin',
) {
  return db
    .select({
      id: orderMessages.id,
      body: orderMessages.body,
      authorRole: orderMessages.authorRole,
      authorName: customers.fullName,
      createdAt: orderMessages.createdAt,
      isUnread: sql<boolean>`${orderMessages.readAt} is null and ${orderMessages.authorRole} <> ${reader}`,
    })
    .from(orderMessages)
    .leftJoin(customers, eq(customers.userId, orderMessages.authorId))
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
}

/** The reader opened the thread: what the other side wrote is read now. */
export async function markOrderMessagesRead(
  db: Executor,
  orderId: number,
  reader: 'customer' | 'admin',
) {
  await db
    .update(orderMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(orderMessages.orderId, orderId),
        ne(orderMessages.authorRole, reader),
        isNull(orderMessages.readAt),
      ),
    );
}

/** Staff messages on this customer's orders that the customer has not opened yet. */
export async function countUnreadForCustomer(db: Executor, customerId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from order_messages m
        join orders o on o.id = m.order_id
        where o.customer_id = ${customerId} and m.author_role = 'admin' and m.read_at is null`,
  );
  return Number(row?.count ?? 0);
}
