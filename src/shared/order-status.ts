import { expiredOnMessage, HOLD_RELEASED_REASON } from './client-messages';
import { calendarDay, formatDate } from './format';

/** Statuses an admin can set (docs/product.md#orders-and-stock). New quotes get the first. */
export const ORDER_STATUSES = [
  'Cotización',
  'Concretado',
  'Modificado',
  'Cancelado',
  'Vencida',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUOTE_STATUS: OrderStatus = 'Cotización';
export const REVISED_STATUS: OrderStatus = 'Modificado';
export const CANCELLED_STATUS: OrderStatus = 'Cancelado';
export const CONCLUDED_STATUS: OrderStatus = 'Concretado';
/** A sent quote whose validity ended unaccepted (docs/decisions/048-quote-expiry.md). */
export const EXPIRED_STATUS: OrderStatus = 'Vencida';

/** Statuses that hold no stock: entering one gives the units back, leaving one reserves them. */
export const STOCK_FREE_STATUSES: readonly string[] = [CANCELLED_STATUS, EXPIRED_STATUS];
export const holdsNoStock = (status: string) => STOCK_FREE_STATUSES.includes(status);

const LEGACY_LABELS: Record<string, string> = {
  Pending: 'Pendiente',
  Paid: 'Pagado',
  Shipped: 'Enviado',
  Delivered: 'Entregado',
};

/** Label shown for a stored status; older English values are translated, others shown as they are. */
export const orderStatusLabel = (status: string) => LEGACY_LABELS[status] ?? status;

/** The history's note on a request the hold job cancelled (services/order-status.ts). */
export const HOLD_EXPIRED_NOTE = 'Reserva vencida';

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
    return expiredOnMessage(formatDate(calendarDay(latest.validUntil)));
  }
  const last = order.history.at(-1);
  if (order.status === CANCELLED_STATUS && last?.note === HOLD_EXPIRED_NOTE) {
    return HOLD_RELEASED_REASON;
  }
  return null;
}
