// A sent quote is valid through its revision's 'Válida hasta' day, Montevideo's. Three days
// before, the customer is reminded once; when the next day begins the quote becomes Vencida and
// gives its stock back, in the transaction that records it. The customer can then ask for a
// renewal, which staff answer with a new revision (docs/decisions/049-quote-expiry.md).
// Every function takes 'now' from the caller (deps.clock), so tests move a clock.
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { formatDay, storeDay } from '@shared/format';
import { expiredOnMessage, messages } from '@shared/messages';
import {
  CREDIT_APPROVAL_STATUS,
  EXPIRED_STATUS,
  PENDING_APPROVAL_STATUS,
  REVISED_STATUS,
} from '@shared/order-status';
import type { Database, Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { orderMessages } from '../../db/schema';
import { orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { requireCurrentMember } from '../companies/company-orders';
import { foundOrThrow } from '../infra/found';
import { applyStatusChange } from './order-status';

/** The reminder goes this many days before the last valid day. */
export const REMINDER_DAYS = 3;
/** Orders looked at per run; the next run takes the rest. */
const BATCH_SIZE = 100;

type JobOptions = { now: Date; store: StoreIdentity };

/** An order's latest revision, the one that counts, joined beside the order. */
const latestRevision = sql`join lateral (
    select id, number, valid_until, created_at, reminded_at from quote_revisions
    where order_id = o.id order by number desc limit 1) r on true`;

type Condition = ReturnType<typeof sql>;

/**
 * The quotes whose validity runs: sent ones, and those waiting for a company administrator's
 * approval or the store's credit approval, which expire too rather than hold their stock for
 * ever (docs/decisions/058-spending-limits-and-approval.md, 083-terms-credit-and-due-dates.md).
 * Only sent ones are reminded.
 */
const SENT: Condition = sql`o.status = ${REVISED_STATUS}`;
const SENT_OR_PENDING: Condition = sql`o.status in (${REVISED_STATUS}, ${PENDING_APPROVAL_STATUS}, ${CREDIT_APPROVAL_STATUS})`;

/** The ids of quotes in `statuses` matching `condition`, oldest validity first. */
async function candidates(db: Database, statuses: Condition, condition: Condition) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select o.id from orders o ${latestRevision}
        where ${statuses} and ${condition}
        order by r.valid_until, o.id limit ${BATCH_SIZE}`,
  );
  return rows.map((row) => row.id);
}

/** `account_email`: the account's address, never the one typed at checkout (order-mails.ts). */
type Locked = {
  status: string;
  account_email: string;
  number: number;
  revision_id: number;
  valid_until: string;
};

/**
 * Locks one order that still matches `condition` (re-read under the lock); undefined when it
 * no longer does or another instance holds it (SKIP LOCKED: that one is handling it).
 */
async function lockMatching(
  tx: Transaction,
  orderId: number,
  statuses: Condition,
  condition: Condition,
) {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select o.status, u.email as account_email, r.number, r.id as revision_id,
               r.valid_until::text as valid_until
        from orders o ${latestRevision}
        join customers c on c.id = o.customer_id
        join users u on u.id = c.user_id
        where o.id = ${orderId} and ${statuses} and ${condition}
        for no key update of o skip locked`,
  );
  return row;
}

/**
 * Runs `act` on each quote in `statuses` matching `condition`, one transaction per order, under
 * the order's lock and re-checked there; returns the ids it acted on.
 */
async function forEachLockedQuote(
  db: Database,
  statuses: Condition,
  condition: Condition,
  act: (tx: Transaction, orderId: number, order: Locked) => Promise<void>,
): Promise<number[]> {
  const done: number[] = [];
  for (const id of await candidates(db, statuses, condition)) {
    const isDone = await db.transaction(async (tx) => {
      const order = await lockMatching(tx, id, statuses, condition);
      if (!order) return false;
      await act(tx, id, order);
      return true;
    });
    if (isDone) done.push(id);
  }
  return done;
}

/**
 * 'Tu cotización N° … vence el {fecha}': once per revision, from REMINDER_DAYS before its last
 * day. reminded_at is set in the transaction that queues the mail, under the order's lock, so
 * two instances running this at once send it once. A revision sent already inside that window
 * is not reminded: its own mail just told the date.
 */
export async function sendExpiryReminders(db: Database, options: JobOptions): Promise<number[]> {
  const today = storeDay(options.now);
  const due = sql`r.reminded_at is null and r.valid_until >= ${today}::date
    and r.valid_until - ${REMINDER_DAYS}::int <= ${today}::date
    and (r.created_at at time zone 'America/Montevideo')::date < r.valid_until - ${REMINDER_DAYS}::int`;
  return forEachLockedQuote(db, SENT, due, async (tx, orderId, order) => {
    await tx.execute(
      sql`update quote_revisions set reminded_at = ${options.now.toISOString()}::timestamptz
          where id = ${order.revision_id}`,
    );
    await queueMail(
      tx,
      orderMails(options.store).expiryReminderToCustomer(order.account_email, {
        orderId,
        number: order.number,
        validUntil: order.valid_until,
      }),
    );
  });
}

/**
 * Quotes whose last valid day is over become Vencida: the stock they held is returned and the
 * change recorded ('Venció el {fecha}') in one transaction per order, and the customer is
 * mailed. The order row's lock orders this against a late acceptance (acceptRevision locks it
 * too): whichever goes second sees the other's status and does nothing.
 */
export async function expireQuotes(db: Database, options: JobOptions): Promise<number[]> {
  const isOver = sql`r.valid_until < ${storeDay(options.now)}::date`;
  return forEachLockedQuote(db, SENT_OR_PENDING, isOver, async (tx, orderId, order) => {
    await applyStatusChange(
      tx,
      orderId,
      order.status,
      EXPIRED_STATUS,
      { system: expiredOnMessage(formatDay(order.valid_until)) },
      false,
    );
    await queueMail(
      tx,
      orderMails(options.store).expiredToCustomer(order.account_email, {
        orderId,
        number: order.number,
        validUntil: order.valid_until,
      }),
    );
  });
}

/**
 * 'Pedir renovación': on an expired quote of the caller's, staff are mailed and the request is
 * written in the order's conversation. Pressing it again changes nothing until staff answer
 * (their new revision clears renewal_requested_at).
 */
export async function requestRenewal(
  db: Database,
  input: { orderId: number },
  customer: {
    customerId: number;
    userId: number;
    staffEmail: string;
    store: StoreIdentity;
    now: Date;
  },
): Promise<{ isNew: boolean }> {
  return db.transaction(async (tx) => {
    const order = await foundOrThrow(
      queryRows<{
        status: string;
        renewal_requested_at: string | null;
        full_name: string;
        number: number | null;
        valid_until: string | null;
      }>(
        tx,
        sql`select o.status, o.renewal_requested_at, c.full_name, r.number,
                   r.valid_until::text as valid_until
            from orders o join customers c on c.id = o.customer_id
            left join lateral (select number, valid_until from quote_revisions
                               where order_id = o.id order by number desc limit 1) r on true
            where o.id = ${input.orderId} and o.customer_id = ${customer.customerId}
            for no key update of o`,
      ),
      messages.orderNotFound,
    );
    await requireCurrentMember(tx, input.orderId, customer.customerId);
    if (order.status !== EXPIRED_STATUS || order.number === null || order.valid_until === null) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.renewalNotExpired });
    }
    if (order.renewal_requested_at !== null) return { isNew: false };
    await tx.execute(
      sql`update orders set renewal_requested_at = ${customer.now.toISOString()}::timestamptz
          where id = ${input.orderId}`,
    );
    const revision = {
      orderId: input.orderId,
      number: order.number,
      validUntil: order.valid_until,
    };
    await tx.insert(orderMessages).values({
      orderId: input.orderId,
      authorId: customer.userId,
      authorRole: 'customer',
      body: renewalRequestText(revision),
    });
    await queueMail(
      tx,
      orderMails(customer.store).renewalToStaff(customer.staffEmail, revision, order.full_name),
    );
    return { isNew: true };
  });
}

/** The line the renewal request leaves in the order's conversation. */
export const renewalRequestText = (revision: {
  orderId: number;
  number: number;
  validUntil: string;
}) =>
  `Pido la renovación de la cotización N° ${revision.orderId}-${revision.number}, que venció el ${formatDay(revision.validUntil)}.`;

/** Sent quotes whose last valid day is today or within REMINDER_DAYS: the dashboard's 'Vencen pronto'. */
export async function quotesExpiringSoon(db: Executor, now: Date) {
  const today = storeDay(now);
  const rows = await queryRows<{
    id: number;
    valid_until: string;
    total_amount: string;
    customer_name: string;
  }>(
    db,
    sql`select o.id, r.valid_until::text as valid_until, o.total_amount::text as total_amount,
               c.full_name as customer_name
        from orders o ${latestRevision} join customers c on c.id = o.customer_id
        where o.status = ${REVISED_STATUS} and r.valid_until >= ${today}::date
          and r.valid_until <= ${today}::date + ${REMINDER_DAYS}::int
        order by r.valid_until, o.id limit 10`,
  );
  return rows.map((row) => ({
    id: row.id,
    validUntil: row.valid_until,
    totalAmount: row.total_amount,
    customerName: row.customer_name,
  }));
}
