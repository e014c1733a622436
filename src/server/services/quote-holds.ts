// A quote reserves stock when it is created. One left unanswered in Cotización past
// QUOTE_HOLD_DAYS gives it back: the store cancels it (docs/decisions/008-quote-hold-release.md).
import { and, asc, eq, lt } from 'drizzle-orm';
import { QUOTE_STATUS } from '@shared/order-status';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { releaseHold } from './order-status';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders looked at per run; the next run takes the rest. */
const BATCH_SIZE = 100;

/** Cancels the expired quotes, one transaction each; returns the ids it released. */
export async function releaseExpiredHolds(
  db: Database,
  options: { holdDays: number; now?: Date },
): Promise<number[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.holdDays * DAY_MS);
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, QUOTE_STATUS), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH_SIZE);
  const released: number[] = [];
  // One order per transaction, its products and variants locked in the order every stock
  // change follows (services/stock-locks.ts): this job never deadlocks with a quote, an
  // admin's status change or a product save.
  for (const { id } of candidates) {
    if (await releaseHold(db, id, cutoff)) released.push(id);
  }
  return released;
}
