// Kept apart from order-status.ts, which the first bundle reads (the URL's status filter):
// this one pulls the date formatter and the message catalogue, read only by order pages.
import { expiredOnMessage, HOLD_RELEASED_REASON } from './client-messages';
import { formatDay } from './format';
import { CANCELLED_STATUS, EXPIRED_STATUS, HOLD_EXPIRED_NOTE } from './order-status';

/**
 * Why an order stands where it is, when the store stopped it by itself: 'Venció el {fecha}'
 * for an expired quote, the hold job's reason for an unanswered request it cancelled; null
 * otherwise. The customer's and the staff's order pages show it under the status.
 */
export function statusReasonOf(order: {
  status: string;
  history: { toStatus: string; note: string | null }[];
  revisions: { validUntil: string }[];
}): string | null {
  const [latest] = order.revisions;
  if (order.status === EXPIRED_STATUS && latest) {
    return expiredOnMessage(formatDay(latest.validUntil));
  }
  const last = order.history.at(-1);
  if (order.status === CANCELLED_STATUS && last?.note === HOLD_EXPIRED_NOTE) {
    return HOLD_RELEASED_REASON;
  }
  return null;
}
