// A quote reserves stock when it is created. One left unanswered in Cotización past
// QUOTE_HOLD_DAYS gives it back: the store cancels it (docs/decisions/008-quote-hold-release.md),
// telling the customer why. Staff are warned two days before, once
// (docs/decisions/049-quote-expiry.md).
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { QUOTE_STATUS } from '@shared/order-status';
import type { Database } from '../../db/client';
import { customers, orders } from '../../db/schema';
import { orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { releaseHold } from './order-status';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Staff are warned this long before the hold job would cancel an unanswered request. */
export const HOLD_WARNING_MS = 2 * DAY_MS;
/** Orders looked at per run; the next run takes the rest. */
const BATCH_SIZE = 100;

/** Cancels the expired quotes, one transaction each; returns the ids it released. */
export async function releaseExpiredHolds(
  db: Database,
  options: { holdDays: number; now: Date; store: StoreIdentity },
): Promise<number[]> {
  const cutoff = new Date(options.now.getTime() - options.holdDays * DAY_MS);
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, QUOTE_STATUS), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH_SIZE);
  const released: number[] = [];
  // One order per transaction, its products and variants locked in the order every stock
  // change follows (services/catalog/stock-locks.ts): this job never deadlocks with a quote, an
  // admin's status change or a product save.
  for (const { id } of candidates) {
    if (await releaseHold(db, id, cutoff, options.store)) released.push(id);
  }
  return released;
}

/**
 * Mails staff about each request still in Cotización that the hold job will cancel within
 * two days. hold_warned_at is set in the transaction that queues the mail, under the order's
 * lock (SKIP LOCKED across instances), so each request is warned about once.
 */
export async function warnExpiringHolds(
  db: Database,
  options: { holdDays: number; now: Date; staffEmail: string; store: StoreIdentity },
): Promise<number[]> {
  const holdMs = options.holdDays * DAY_MS;
  const warnFrom = new Date(options.now.getTime() - Math.max(holdMs - HOLD_WARNING_MS, 0));
  const isDue = and(
    eq(orders.status, QUOTE_STATUS),
    lt(orders.createdAt, warnFrom),
    isNull(orders.holdWarnedAt),
  );
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(isDue)
    .orderBy(asc(orders.createdAt))
    .limit(BATCH_SIZE);
  const warned: number[] = [];
  for (const { id } of candidates) {
    const isWarned = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ createdAt: orders.createdAt, customerName: customers.fullName })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(and(eq(orders.id, id), isDue))
        .for('no key update', { of: orders, skipLocked: true });
      if (!order) return false;
      await tx.update(orders).set({ holdWarnedAt: options.now }).where(eq(orders.id, id));
      const cancelsAt = new Date(order.createdAt.getTime() + holdMs);
      await queueMail(
        tx,
        orderMails(options.store).holdWarningToStaff(
          options.staffEmail,
          id,
          order.customerName,
          cancelsAt,
        ),
      );
      return true;
    });
    if (isWarned) warned.push(id);
  }
  return warned;
}
