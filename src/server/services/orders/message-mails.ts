// Staff messages reach the customer by mail (docs/decisions/050-mails-from-an-inbox.md,
// docs/decisions/075-outbox-fast-and-in-order.md). The first goes out at once, in the
// transaction that writes it; one written within 10 minutes of the last mail waits, with any
// others, for one mail 10 minutes after that last one: a conversation in progress is one mail
// every 10 minutes at most, a single message is never held back. The order's
// message_mail_due_at says when the gathered mail is due; the job below queues it.
import { and, asc, eq, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { orderMessages, orders } from '../../db/schema';
import { accountEmailOrNone, orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';

export const MESSAGE_MAIL_DELAY_MS = 10 * 60 * 1000;
/** Orders looked at per run; the next run takes the rest. */
const BATCH_SIZE = 100;

type MailOptions = { now: Date; store: StoreIdentity };

/**
 * Queues one mail with every staff message of the order not mailed yet, marks them mailed at
 * `now` and clears the order's due time. The caller holds the order row's lock.
 */
async function mailPendingMessages(tx: Executor, orderId: number, options: MailOptions) {
  const pending = await tx
    .select({ id: orderMessages.id, body: orderMessages.body })
    .from(orderMessages)
    .where(
      and(
        eq(orderMessages.orderId, orderId),
        eq(orderMessages.authorRole, 'admin'),
        isNull(orderMessages.mailedAt),
      ),
    )
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  const email = pending.length > 0 ? await accountEmailOrNone(tx, orderId) : null;
  if (email) {
    await queueMail(
      tx,
      orderMails(options.store).staffMessagesToCustomer(
        email,
        orderId,
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
    .where(eq(orders.id, orderId));
  return email !== null;
}

/**
 * A staff message was just written on the order (in `tx`, which holds the order row's lock):
 * mailed now, unless a mail went out less than 10 minutes ago or one is already gathering
 * messages; then it waits for that one, due 10 minutes after the last mail.
 */
export async function mailOrGatherStaffMessage(
  tx: Executor,
  orderId: number,
  options: MailOptions,
) {
  const [order] = await tx
    .select({ dueAt: orders.messageMailDueAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.dueAt) return;
  const [last] = await tx
    .select({ mailedAt: max(orderMessages.mailedAt) })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.authorRole, 'admin')));
  const lastMailedAt = last?.mailedAt ? new Date(last.mailedAt) : null;
  if (!lastMailedAt || options.now.getTime() - lastMailedAt.getTime() >= MESSAGE_MAIL_DELAY_MS) {
    await mailPendingMessages(tx, orderId, options);
    return;
  }
  await tx
    .update(orders)
    .set({ messageMailDueAt: new Date(lastMailedAt.getTime() + MESSAGE_MAIL_DELAY_MS) })
    .where(eq(orders.id, orderId));
}

/**
 * Queues the gathered message mails that are due, one transaction per order; returns the
 * orders mailed. Safe on several instances at once: an order another run holds is skipped
 * (SKIP LOCKED), and its due time is re-read under the lock, so each batch is mailed once.
 */
export async function mailDueStaffMessages(db: Database, options: MailOptions): Promise<number[]> {
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
      return order ? mailPendingMessages(tx, id, options) : false;
    });
    if (isMailed) mailed.push(id);
  }
  return mailed;
}
