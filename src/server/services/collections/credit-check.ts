// The credit check at acceptance: an acceptance that would pass the company's available credit
// (its limit minus what its Concretado orders still owe) is neither refused nor let through: it
// waits in 'Aprobación de crédito', holding its stock, and staff approve it or decline it with a
// reason the buyer reads (docs/decisions/083-terms-credit-and-due-dates.md). It runs after the
// company's own spending-limit approval (058).
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import {
  CREDIT_APPROVED_NOTE,
  collectionsMessages,
  creditDeclinedNote,
  creditHoldNote,
} from '@shared/collections-messages';
import { formatDay, storeDay } from '@shared/format';
import { quoteExpiredRefusal } from '@shared/messages';
import { formatCents, parseCents } from '@shared/money';
import { CONCLUDED_STATUS, CREDIT_APPROVAL_STATUS, REVISED_STATUS } from '@shared/order-status';
import type { Database, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { transactionRetried } from '../../db/transactions';
import { collectionsMails } from '../../mail/collections-mails';
import { accountEmailOfOrder, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { recordOrderAudit } from '../infra/audit';
import { applyStatusChange } from '../orders/order-status';
import { queueAcceptedToStaff } from '../orders/acceptance-mail';
import type { CreditCandidate, PaymentAxis } from '../orders/payment-axis';
import { creditUsed } from './payment-facts';

/**
 * The credit a company has left on `today`: its limit minus what it owes, never below zero;
 * null when it has no limit (staff never asked for a check).
 */
export async function availableCredit(tx: Transaction, companyId: number, today: string) {
  const [company] = await queryRows<{ credit_limit: string | null }>(
    tx,
    sql`select credit_limit::text as credit_limit from companies where id = ${companyId}`,
  );
  if (!company || company.credit_limit === null) return null;
  const left =
    parseCents(company.credit_limit) - parseCents(await creditUsed(tx, companyId, today));
  return formatCents(left > 0n ? left : 0n);
}

/**
 * PaymentAxis.holdForCredit: with the order locked by the acceptance, locks its company's row
 * (two acceptances of one company are checked one after the other, so together they never pass
 * the limit) and compares the accepted total with the credit available.
 */
export async function holdForCredit(tx: Transaction, accepted: CreditCandidate) {
  const [order] = await queryRows<{
    company_id: number | null;
    total: string;
    customer: string;
    company: string | null;
  }>(
    tx,
    sql`select o.company_id, r.total::text as total, c.full_name as customer,
               o.company_name as company
        from orders o
        join quote_revisions r on r.order_id = o.id and r.number = ${accepted.revision}
        join customers c on c.id = o.customer_id
        where o.id = ${accepted.orderId}`,
  );
  if (!order?.company_id) return null;
  await tx.execute(sql`select id from companies where id = ${order.company_id} for no key update`);
  const available = await availableCredit(tx, order.company_id, storeDay(accepted.now));
  if (available === null || parseCents(order.total) <= parseCents(available)) return null;
  const note = creditHoldNote(available);
  await applyStatusChange(
    tx,
    accepted.orderId,
    accepted.status,
    CREDIT_APPROVAL_STATUS,
    {
      userId: accepted.userId,
      note: accepted.approvalNote ? `${accepted.approvalNote}. ${note}` : note,
    },
    false,
  );
  await tx.execute(
    sql`insert into credit_reviews (order_id, total, available, requested_by, created_at)
        values (${accepted.orderId}, ${order.total}, ${available}, ${accepted.userId},
                ${accepted.now.toISOString()}::timestamptz)`,
  );
  await queueMail(
    tx,
    collectionsMails(accepted.store).creditHoldToStaff(accepted.staffEmail, {
      orderId: accepted.orderId,
      customer: order.customer,
      company: order.company ?? '',
      total: order.total,
      available,
    }),
  );
  return { available };
}

/** Staff deciding on a credit: who, the store's identity for the mail, and the day. */
export type CreditDecider = { userId: number; staffEmail: string; store: StoreIdentity; now: Date };

/**
 * The order waiting for credit, locked: CONFLICT when it no longer waits, or when its quote's
 * validity ended (the expiry job would make it Vencida; staff renew it instead).
 */
async function lockCreditHold(tx: Transaction, orderId: number) {
  const [order] = await queryRows<{ status: string; valid_until: string | null }>(
    tx,
    sql`select o.status, r.valid_until::text as valid_until from orders o
        left join lateral (select valid_until from quote_revisions where order_id = o.id
                           order by number desc limit 1) r on true
        where o.id = ${orderId} for no key update of o`,
  );
  if (!order)
    throw new TRPCError({ code: 'NOT_FOUND', message: collectionsMessages.orderNotFound });
  if (order.status !== CREDIT_APPROVAL_STATUS) {
    throw new TRPCError({ code: 'CONFLICT', message: collectionsMessages.creditNotPending });
  }
  return order;
}

async function closeReview(
  tx: Transaction,
  orderId: number,
  decider: CreditDecider,
  decision: { isApproved: boolean; reason?: string },
) {
  await tx.execute(
    sql`update credit_reviews set decided_at = ${decider.now.toISOString()}::timestamptz,
          decided_by = ${decider.userId}, is_approved = ${decision.isApproved},
          reason = ${decision.reason ?? null}
        where order_id = ${orderId} and decided_at is null`,
  );
  await recordOrderAudit(tx, {
    userId: decider.userId,
    orderId,
    action: 'credit',
    changes: {
      credit: {
        before: 'Aprobación de crédito',
        after: decision.isApproved ? 'Aprobado' : 'Rechazado',
      },
      ...(decision.reason ? { reason: { before: null, after: decision.reason } } : {}),
    },
  });
}

/** 'Aprobar crédito': the acceptance stands; the order is Concretado and the buyer is mailed. */
export async function approveCredit(
  db: Database,
  orderId: number,
  decider: CreditDecider,
  payment: PaymentAxis,
) {
  await transactionRetried(db, async (tx) => {
    const order = await lockCreditHold(tx, orderId);
    if (order.valid_until !== null && order.valid_until < storeDay(decider.now)) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: quoteExpiredRefusal(formatDay(order.valid_until)),
      });
    }
    await applyStatusChange(
      tx,
      orderId,
      order.status,
      CONCLUDED_STATUS,
      { userId: decider.userId, note: CREDIT_APPROVED_NOTE },
      { store: decider.store },
      { payment, now: decider.now },
    );
    await closeReview(tx, orderId, decider, { isApproved: true });
    // The acceptance takes effect now: the orders' inbox hears of it like any other.
    await queueAcceptedToStaff(tx, orderId, decider, { kind: 'credit' });
  });
}

/** 'Rechazar crédito': the quote is open again (Modificado, holding its stock), with the reason. */
export async function declineCredit(
  db: Database,
  input: { orderId: number; reason: string },
  decider: CreditDecider,
) {
  await transactionRetried(db, async (tx) => {
    const order = await lockCreditHold(tx, input.orderId);
    await applyStatusChange(
      tx,
      input.orderId,
      order.status,
      REVISED_STATUS,
      { userId: decider.userId, note: creditDeclinedNote(input.reason) },
      false,
    );
    await closeReview(tx, input.orderId, decider, { isApproved: false, reason: input.reason });
    await queueMail(
      tx,
      collectionsMails(decider.store).creditDeclinedToCustomer(
        await accountEmailOfOrder(tx, input.orderId),
        { orderId: input.orderId, reason: input.reason },
      ),
    );
  });
}
