// What a quote document shows (the PDF, its mail): the order with its customer, and one revision.
import type { Executor } from '../db/client';
import { getOrderDetail } from './order-queries';
import { listRevisions } from './quote-revisions';

/** The revision `number` of the order and its customer, or undefined when there is none. */
export async function loadQuote(db: Executor, orderId: number, number: number, now: Date) {
  const [order, revisions] = await Promise.all([
    getOrderDetail(db, orderId),
    listRevisions(db, orderId, now),
  ]);
  const revision = revisions.find((candidate) => candidate.number === number);
  return revision && { order, revision };
}

export type Quote = NonNullable<Awaited<ReturnType<typeof loadQuote>>>;
