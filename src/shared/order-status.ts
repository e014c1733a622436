/** Statuses an admin can set (docs/product.md#orders-and-stock). New quotes get the first. */
export const ORDER_STATUSES = [
  'Cotización',
  'Concretado',
  'Modificado',
  'Aprobación pendiente',
  'Cancelado',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUOTE_STATUS: OrderStatus = 'Cotización';
export const CANCELLED_STATUS: OrderStatus = 'Cancelado';
export const CONCLUDED_STATUS: OrderStatus = 'Concretado';
/**
 * A company member accepted a quote above their spending limit: it waits for an administrator
 * of the company. It holds its stock like Modificado (only Cancelado gives stock back).
 */
export const PENDING_APPROVAL_STATUS: OrderStatus = 'Aprobación pendiente';

const LEGACY_LABELS: Record<string, string> = {
  Pending: 'Pendiente',
  Paid: 'Pagado',
  Shipped: 'Enviado',
  Delivered: 'Entregado',
};

/** Label shown for a stored status; older English values are translated, others shown as they are. */
export const orderStatusLabel = (status: string) => LEGACY_LABELS[status] ?? status;
