// The payment axis read in SQL: one expression of what an order has paid on a day and what its
// status is, which every reader (the order pages, the statement, the receivables, the credit
// check, the reminders) joins, so they never disagree
// (docs/decisions/080-three-axes-of-an-order.md, 084-payments-statement-and-receivables.md).
import { sql, type SQL } from 'drizzle-orm';
import { CONCLUDED_STATUS } from '@shared/order-status';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';

/** Who pays: a company, or a customer on their own (their orders without company). */
export type Payer = { companyId: number } | { customerId: number };

/** The orders of `payer` (alias o). */
export const ordersOfPayer = (payer: Payer): SQL =>
  'companyId' in payer
    ? sql`o.company_id = ${payer.companyId}`
    : sql`o.customer_id = ${payer.customerId} and o.company_id is null`;

/** The payments of `payer` (alias p). */
export const paymentsOfPayer = (payer: Payer): SQL =>
  'companyId' in payer
    ? sql`p.company_id = ${payer.companyId}`
    : sql`p.customer_id = ${payer.customerId}`;

/** Orders on the payment axis (alias o): concluded since collections, with an amount owed. */
export const onPaymentAxis = sql`o.status = ${CONCLUDED_STATUS} and o.amount_due is not null`;

/**
 * Beside each order (alias o), as `pay`: `paid`, what its payments not reversed pay that count
 * on `today` (a cheque from its collection day), and `to_collect`, what deferred cheques will
 * pay later. Both numeric.
 */
export const paymentsOfOrder = (today: string): SQL => sql`left join lateral (
    select coalesce(sum(a.amount) filter (where p.counts_on <= ${today}::date), 0) as paid,
           coalesce(sum(a.amount) filter (where p.counts_on > ${today}::date), 0) as to_collect
    from payment_allocations a join payments p on p.id = a.payment_id
    where a.order_id = o.id and p.reversed_at is null) pay on true`;

/** The order's payment status on `today`, the rule of paymentStatusOf (@shared/collections). */
export const paymentStatusSql = (today: string): SQL => sql`case
    when pay.paid >= o.amount_due then 'Pagado'
    when o.due_on < ${today}::date then 'Vencido'
    when pay.paid > 0 then 'Pago parcial'
    else 'Pendiente de pago' end`;

/** What the order still owes on `today`, never below zero (numeric). */
export const balanceSql = sql`greatest(o.amount_due - pay.paid, 0)`;

/**
 * The credit a company uses on `today`: what its Concretado orders still owe. A deferred
 * cheque frees credit only on its collection day: until then it may still bounce.
 */
export async function creditUsed(db: Executor, companyId: number, today: string): Promise<string> {
  const [row] = await queryRows<{ used: string }>(
    db,
    sql`select coalesce(sum(${balanceSql}), 0)::text as used
        from orders o ${paymentsOfOrder(today)}
        where ${ordersOfPayer({ companyId })} and ${onPaymentAxis}`,
  );
  return row?.used ?? '0';
}
