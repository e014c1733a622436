// What staff read of the acceptances waiting for credit: on the order's page, and the list in
// Cobranzas (docs/decisions/083-terms-credit-and-due-dates.md).
import { sql } from 'drizzle-orm';
import { CREDIT_APPROVAL_STATUS } from '@shared/order-status';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';

type ReviewRow = {
  order_id: number;
  total: string;
  available: string;
  created_at: string;
  customer_name: string;
  company_name: string | null;
};

const toReview = (row: ReviewRow) => ({
  orderId: row.order_id,
  total: row.total,
  available: row.available,
  requestedAt: new Date(row.created_at),
  customerName: row.customer_name,
  companyName: row.company_name,
});

const pendingReviews = sql`select r.order_id, r.total::text as total,
       r.available::text as available, r.created_at, c.full_name as customer_name,
       o.company_name
    from credit_reviews r
    join orders o on o.id = r.order_id
    join customers c on c.id = o.customer_id
    where r.decided_at is null and o.status = ${CREDIT_APPROVAL_STATUS}`;

/** The order's acceptance waiting for credit, or null when it waits for none. */
export async function pendingCreditReview(db: Executor, orderId: number) {
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`${pendingReviews} and r.order_id = ${orderId} order by r.created_at desc limit 1`,
  );
  return row ? toReview(row) : null;
}

/** Every acceptance waiting for credit, oldest first. */
export async function pendingCreditReviews(db: Executor) {
  const rows = await queryRows<ReviewRow>(db, sql`${pendingReviews} order by r.created_at, r.id`);
  return rows.map(toReview);
}
