/** Statuses an admin can set (docs/product.md#orders-and-stock). New quotes get the first. */
export const ORDER_STATUSES = ['Cotización', 'Concretado', 'Modificado', 'Cancelado'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUOTE_STATUS: OrderStatus = 'Cotización';
export const CANCELLED_STATUS: OrderStatus = 'Cancelado';
export const CONCLUDED_STATUS: OrderStatus = 'Concretado';

/**
 * Whether moving an order from `from` to `to` gives its reserved stock back (only entering
 * Cancelado does): staff must then say why ('Motivo'), and the customer reads it.
 */
export const releasesStock = (from: string, to: string) =>
  to === CANCELLED_STATUS && from !== CANCELLED_STATUS;

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

/** Label a customer reads for a stored status (their list, their order, its history). */
export const customerStatusLabel = (status: string) =>
  CUSTOMER_LABELS[status] ?? orderStatusLabel(status);
