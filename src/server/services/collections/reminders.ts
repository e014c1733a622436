// Payment reminders (docs/decisions/084-payments-statement-and-receivables.md): to the buyer and
// the company's administrators, 3 days before the due day, on it, and 7 days after it, each once
// per order and due day, while something is owed that no payment (not even a cheque waiting for
// its day) covers. 'Now' is deps.clock's; a stage missed while the job was down goes out late
// within its window, never once the next stage's window has begun.
import { sql } from 'drizzle-orm';
import { REMINDER_STAGES, type ReminderStage } from '@shared/collections';
import { storeDay } from '@shared/format';
import type { Database, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { collectionsMails } from '../../mail/collections-mails';
import { accountEmailOfOrder, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { onPaymentAxis, paymentsOfOrder } from './payment-facts';

/** Orders looked at per run; the next run takes the rest. */
const BATCH_SIZE = 100;
const { before, overdue } = REMINDER_STAGES;

type Due = { order_id: number; stage: ReminderStage; due_on: string; uncovered: string };

/**
 * Each (order, stage) whose window `today` is in: 'before' from 3 days before the due day,
 * 'due' from the day itself (not for 'Contado', whose acceptance mail just told that day),
 * 'overdue' from 7 days after it; not sent yet for this due day.
 */
const dueReminders = (today: string) => sql`
  select o.id as order_id, s.stage, o.due_on::text as due_on,
         greatest(o.amount_due - pay.paid - pay.to_collect, 0)::text as uncovered
  from orders o ${paymentsOfOrder(today)}
  cross join (values ('before'), ('due'), ('overdue')) s(stage)
  where ${onPaymentAxis} and o.due_on is not null
    and o.amount_due - pay.paid - pay.to_collect > 0
    and case s.stage
      when 'before' then ${today}::date >= o.due_on + ${before}::int and ${today}::date < o.due_on
      when 'due' then o.payment_terms_days > 0 and ${today}::date >= o.due_on
                      and ${today}::date < o.due_on + ${overdue}::int
      else ${today}::date >= o.due_on + ${overdue}::int end
    and not exists (select 1 from payment_reminders r
                    where r.order_id = o.id and r.stage = s.stage and r.due_on = o.due_on)
  order by o.due_on, o.id limit ${BATCH_SIZE}`;

/** Who reads an order's reminder: its buyer's account and its company's administrators. */
async function recipientsOf(tx: Transaction, orderId: number) {
  const admins = await queryRows<{ email: string }>(
    tx,
    sql`select u.email from orders o
        join company_members m on m.company_id = o.company_id and m.role = 'admin'
        join customers c on c.id = m.customer_id
        join users u on u.id = c.user_id
        where o.id = ${orderId}`,
  );
  return [...new Set([await accountEmailOfOrder(tx, orderId), ...admins.map((a) => a.email)])];
}

/**
 * Sends the reminders due on `now`'s day. Each goes in the transaction that records it
 * (`payment_reminders`, unique per order, stage and due day, written `on conflict do nothing`),
 * so two instances at once send it once. Answers the reminders sent.
 */
export async function sendPaymentReminders(
  db: Database,
  options: { now: Date; store: StoreIdentity },
): Promise<{ orderId: number; stage: ReminderStage }[]> {
  const today = storeDay(options.now);
  const sent: { orderId: number; stage: ReminderStage }[] = [];
  for (const due of await queryRows<Due>(db, dueReminders(today))) {
    const isSent = await db.transaction(async (tx) => {
      const [recorded] = await queryRows<{ order_id: number }>(
        tx,
        sql`insert into payment_reminders (order_id, stage, due_on, sent_at)
            values (${due.order_id}, ${due.stage}, ${due.due_on}::date,
                    ${options.now.toISOString()}::timestamptz)
            on conflict do nothing returning order_id`,
      );
      if (!recorded) return false;
      const reminder = {
        orderId: due.order_id,
        stage: due.stage,
        dueOn: due.due_on,
        balance: due.uncovered,
        isDueToday: due.due_on === today,
      };
      for (const to of await recipientsOf(tx, due.order_id)) {
        await queueMail(tx, collectionsMails(options.store).reminderToBuyer(to, reminder));
      }
      return true;
    });
    if (isSent) sent.push({ orderId: due.order_id, stage: due.stage });
  }
  return sent;
}
