// Staff messages reach the customer by mail, at most one mail per order every 10 minutes,
// carrying every staff message written since the last one
// (docs/decisions/050-mails-from-an-inbox.md). Posting a staff message sets the order's
// message_mail_due_at (10 minutes after the first message the mail will carry); the job below
// queues the mail once that time has come, and marks the messages it carried.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderMessages, orders } from '../../db/schema';
import { accountEmailOfOrder, orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';

export const MESSAGE_MAIL_DELAY_MS = 10 * 60 * 1000;
/** Orders looked at per run; the next run takes the rest. */
const BATCH_SIZE = 100;

/**
 * Queues the due message mails, one transaction per order; returns the orders mailed. Safe on
 * several instances at once: an order another run holds is skipped (SKIP LOCKED), and its due
 * time is re-read under the lock, so each batch of messages is mailed once.
 */
export async function mailDueStaffMessages(
  db: Database,
  options: { now: Date; store: StoreIdentity },
): Promise<number[]> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(lte(orders.messageMailDueAt, options.now))
    .orderBy(asc(orders.messageMailDueAt))
    .limit(BATCH_SIZE);
  const mailed: number[] = [];
  for (const { id } of due) {
    const isMailed = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), lte(orders.messageMailDueAt, options.now)))
        .for('no key update', { skipLocked: true });
      if (!order) return false;
      // The account's address, never the one typed at checkout (accountEmailOfOrder).
      const email = await accountEmailOfOrder(tx, id);
      const pending = await tx
        .select({ id: orderMessages.id, body: orderMessages.body })
        .from(orderMessages)
        .where(
          and(
            eq(orderMessages.orderId, id),
            eq(orderMessages.authorRole, 'admin'),
            isNull(orderMessages.mailedAt),
          ),
        )
        .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
      if (pending.length > 0) {
        await queueMail(
          tx,
          orderMails(options.store).staffMessagesToCustomer(
            email,
            id,
            pending.map((message) => message.body),
          ),
        );
        await tx
          .update(orderMessages)
          .set({ mailedAt: options.now })
          .where(
            inArray(
              orderMessages.id,
              pending.map((message) => message.id),
            ),
          );
      }
      await tx
        .update(orders)
        .set({ messageMailDueAt: sql`null` })
        .where(eq(orders.id, id));
      return pending.length > 0;
    });
    if (isMailed) mailed.push(id);
  }
  return mailed;
}
