/** Statuses an admin can set (docs/product.md#orders-and-stock). New quotes get the first. */
export const ORDER_STATUSES = [
  'Cotización',
  'Concretado',
  'Modificado',
  'Aprobación pendiente',
  'Aprobación de crédito',
  'Cancelado',
  'Vencida',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUOTE_STATUS: OrderStatus = 'Cotización';
export const REVISED_STATUS: OrderStatus = 'Modificado';
export const CANCELLED_STATUS: OrderStatus = 'Cancelado';
export const CONCLUDED_STATUS: OrderStatus = 'Concretado';
/**
 * A company member accepted a quote above their spending limit: it waits for an administrator
 * of the company (docs/decisions/058-spending-limits-and-approval.md).
 */
export const PENDING_APPROVAL_STATUS: OrderStatus = 'Aprobación pendiente';
/**
 * An acceptance above the company's available credit: it waits for the store, holding its
 * stock, after the company's own approval (docs/decisions/083-terms-credit-and-due-dates.md).
 */
export const CREDIT_APPROVAL_STATUS: OrderStatus = 'Aprobación de crédito';
/**
 * Waiting for the store, the customer or the company's administrator: these quotes hold their
 * units, and count towards the customer's caps (services/orders/held-units.ts, quote-orders.ts).
 */
export const OPEN_QUOTE_STATUSES: readonly OrderStatus[] = [
  QUOTE_STATUS,
  REVISED_STATUS,
  PENDING_APPROVAL_STATUS,
  CREDIT_APPROVAL_STATUS,
];
/** A sent quote whose validity ended unaccepted (docs/decisions/049-quote-expiry.md). */
export const EXPIRED_STATUS: OrderStatus = 'Vencida';

/** Statuses that hold no stock: entering one gives the units back, leaving one reserves them. */
export const STOCK_FREE_STATUSES: readonly string[] = [CANCELLED_STATUS, EXPIRED_STATUS];
export const holdsNoStock = (status: string) => STOCK_FREE_STATUSES.includes(status);

/**
 * Whether moving an order from `from` to `to` gives its reserved stock back (entering
 * Cancelado or Vencida): staff must then say why ('Motivo'), and the customer reads it.
 */
export const releasesStock = (from: string, to: string) => holdsNoStock(to) && !holdsNoStock(from);

/** Staff's 'Motivo' of a change that releases stock. */
export const STATUS_REASON_MAX = 500;

/** 'Modificado' as the customer reads it: there is a quote waiting for them. */
const CUSTOMER_LABELS: Record<string, string> = {
  Modificado: 'Cotización lista para revisar',
};

const LEGACY_LABELS: Record<string, string> = {
  Pending: 'Pendiente',
  Paid: 'Pagado',
  Shipped: 'Enviado',
  Delivered: 'Entregado',
};

/** Label shown for a stored status; older English values are translated, others shown as they are. */
export const orderStatusLabel = (status: string) => LEGACY_LABELS[status] ?? status;

/** The history's note on a request the hold job cancelled (services/orders/order-status.ts). */
export const HOLD_EXPIRED_NOTE = 'Reserva vencida';
/** Label a customer reads for a stored status (their list, their order, its history). */
export const customerStatusLabel = (status: string) =>
  CUSTOMER_LABELS[status] ?? orderStatusLabel(status);
