// A company member whose accepted total would exceed their spending limit cannot accept alone:
// the order goes to 'Aprobación pendiente' (holding its stock) and the company's administrators
// are mailed to approve it ('Aprobar') or decline it with a reason. Only an administrator of
// the order's company decides (docs/decisions/058-spending-limits-and-approval.md). The
// requester hears of the decision at their account's address (accountEmailOfOrder), never at
// the contact e-mail typed at checkout.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { formatDay, storeDay } from '@shared/format';
import { messages, quoteExpiredRefusal } from '@shared/messages';
import { parseCents } from '@shared/money';
import { CONCLUDED_STATUS, PENDING_APPROVAL_STATUS, REVISED_STATUS } from '@shared/order-status';
import type { Database, Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { companyMembers, customers, orders, users } from '../../db/schema';
import { accountMails } from '../../mail/account-mails';
import { accountEmailOfOrder, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { membershipOf } from '../companies/companies';
import { requireCurrentMember } from '../companies/company-orders';
import { applyStatusChange } from './order-status';
import { queueAcceptedToStaff } from './acceptance-mail';
import type { PaymentAxis } from './payment-axis';

/** The history's notes of the approval steps; the customer's timeline shows them. */
export const APPROVAL_REQUESTED_NOTE = 'Supera el límite de compra: espera aprobación';
export const approvedNote = (adminName: string) => `Aprobada por ${adminName}`;
export const declinedNote = (adminName: string, reason: string) =>
  `Rechazada por ${adminName}: ${reason}`;
/** Declining gives the quote back to the store as it was: open, holding its stock. */
const DECLINED_STATUS = REVISED_STATUS;

/** The addresses of the company's administrators. */
async function adminEmails(tx: Transaction, companyId: number) {
  const rows = await tx
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(customers, eq(customers.id, companyMembers.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
  return rows.map((row) => row.email);
}

/**
 * The spending limit `customerId` accepts the order under: theirs when they are a member (not
 * an administrator) of the order's company with a limit; null otherwise. acceptRevision decides
 * with it, and the buyer's order page shows it before they accept.
 */
export async function spendingLimitOn(db: Executor, orderId: number, customerId: number) {
  const membership = await membershipOf(db, customerId);
  if (!membership || membership.role !== 'member' || membership.spendingLimit === null) {
    return null;
  }
  const [order] = await db
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.companyId === membership.companyId ? membership.spendingLimit : null;
}

/**
 * Called by acceptRevision with the order locked and the revision found acceptable. When the
 * order is the company's and its total (with tax) is above the member's limit, moves it to
 * 'Aprobación pendiente', mails the administrators and answers true; otherwise false, and the
 * acceptance goes on. Administrators have no limit.
 */
export async function sendToApprovalIfOverLimit(
  tx: Transaction,
  order: { orderId: number; revision: number; status: string },
  member: { customerId: number; userId: number; store: StoreIdentity },
): Promise<boolean> {
  const limit = await spendingLimitOn(tx, order.orderId, member.customerId);
  if (limit === null) return false;
  const [row] = await queryRows<{ company_id: number; total: string; full_name: string }>(
    tx,
    sql`select o.company_id, r.total::text as total, c.full_name
        from orders o
        join quote_revisions r on r.order_id = o.id and r.number = ${order.revision}
        join customers c on c.id = o.customer_id
        where o.id = ${order.orderId}`,
  );
  if (!row || parseCents(row.total) <= parseCents(limit)) return false;
  await applyStatusChange(
    tx,
    order.orderId,
    order.status,
    PENDING_APPROVAL_STATUS,
    { userId: member.userId, note: APPROVAL_REQUESTED_NOTE },
    false,
  );
  for (const email of await adminEmails(tx, row.company_id)) {
    await queueMail(
      tx,
      accountMails(member.store).approvalToAdmin(email, {
        orderId: order.orderId,
        revision: order.revision,
        memberName: row.full_name,
        total: row.total,
        limit,
      }),
    );
  }
  return true;
}

type PendingOrder = {
  status: string;
  company_id: number | null;
  requester_name: string;
  company_name: string | null;
  revision: number | null;
  valid_until: string | null;
  is_expired: boolean;
};

export type Approver = {
  customerId: number;
  userId: number;
  fullName: string;
  staffEmail: string;
  store: StoreIdentity;
  /** deps.clock's instant: the quote's validity is read on its day in Montevideo. */
  now: Date;
};

/**
 * The order waiting for the caller's decision, locked: NOT_FOUND for one they do not read,
 * CONFLICT when it is not waiting, FORBIDDEN when they do not administer its company.
 */
async function lockPendingOrder(tx: Transaction, orderId: number, admin: Approver) {
  const { customerId } = admin;
  const [order] = await queryRows<PendingOrder>(
    tx,
    sql`select o.status, o.company_id, c.full_name as requester_name,
               o.company_name, r.number as revision, r.valid_until::text as valid_until,
               r.valid_until < ${storeDay(admin.now)}::date as is_expired
        from orders o
        join customers c on c.id = o.customer_id
        left join lateral (select number, valid_until from quote_revisions
                           where order_id = o.id order by number desc limit 1) r on true
        where o.id = ${orderId}
          and (o.customer_id = ${customerId} or o.company_id = (
                select company_id from company_members where customer_id = ${customerId}))
        for update of o`,
  );
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
  await requireCurrentMember(tx, orderId, customerId);
  if (order.status !== PENDING_APPROVAL_STATUS) {
    throw new TRPCError({ code: 'CONFLICT', message: messages.approvalNotPending });
  }
  const membership = await membershipOf(tx, customerId);
  if (membership?.role !== 'admin' || membership.companyId !== order.company_id) {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.companyAdminOnly });
  }
  return order;
}

/**
 * 'Aprobar': the member's acceptance stands; the order is Concretado, as if they accepted, or
 * waits for the store's credit approval when it passes the company's available credit (that
 * check runs after the company's own, docs/decisions/083-terms-credit-and-due-dates.md).
 */
export async function approveOrder(
  db: Database,
  orderId: number,
  admin: Approver,
  payment: PaymentAxis,
) {
  await db.transaction(async (tx) => {
    const order = await lockPendingOrder(tx, orderId, admin);
    if (order.is_expired && order.valid_until) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: quoteExpiredRefusal(formatDay(order.valid_until)),
      });
    }
    const creditHold = await payment.holdForCredit(tx, {
      orderId,
      status: order.status,
      revision: order.revision ?? 0,
      ...admin,
      approvalNote: approvedNote(admin.fullName),
    });
    if (!creditHold) {
      await applyStatusChange(
        tx,
        orderId,
        order.status,
        CONCLUDED_STATUS,
        { userId: admin.userId, note: approvedNote(admin.fullName) },
        false,
        { payment, now: admin.now },
      );
    }
    const mails = accountMails(admin.store);
    await queueMail(
      tx,
      mails.approvalDecided(await accountEmailOfOrder(tx, orderId), {
        orderId,
        approved: true,
        adminName: admin.fullName,
      }),
    );
    // Staff heard of it already when it waits for their credit approval.
    if (creditHold) return;
    await queueAcceptedToStaff(tx, orderId, admin, { kind: 'company', adminName: admin.fullName });
  });
}

/** 'Rechazar': the quote is open again (Modificado, its stock still held), with the reason. */
export async function declineOrder(
  db: Database,
  input: { orderId: number; reason: string },
  admin: Approver,
) {
  await db.transaction(async (tx) => {
    const order = await lockPendingOrder(tx, input.orderId, admin);
    await applyStatusChange(
      tx,
      input.orderId,
      order.status,
      DECLINED_STATUS,
      { userId: admin.userId, note: declinedNote(admin.fullName, input.reason) },
      false,
    );
    await queueMail(
      tx,
      accountMails(admin.store).approvalDecided(await accountEmailOfOrder(tx, input.orderId), {
        orderId: input.orderId,
        approved: false,
        adminName: admin.fullName,
        reason: input.reason,
      }),
    );
  });
}
