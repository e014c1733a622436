/** Statuses an admin can set (docs/product.md#orders-and-stock). New quotes get the first. */
export const ORDER_STATUSES = ['Cotización', 'Concretado', 'Modificado', 'Cancelado'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUOTE_STATUS: OrderStatus = 'Cotización';
export const CANCELLED_STATUS: OrderStatus = 'Cancelado';
export const CONCLUDED_STATUS: OrderStatus = 'Concretado';
/** Waiting for the store or for the customer's answer: these quotes hold their units. */
export const OPEN_QUOTE_STATUSES: readonly OrderStatus[] = [QUOTE_STATUS, 'Modificado'];

const LEGACY_LABELS: Record<string, string> = {
  Pending: 'Pendiente',
  Paid: 'Pagado',
  Shipped: 'Enviado',
  Delivered: 'Entregado',
};

/** Label shown for a stored status; older English values are translated, others shown as they are. */
export const orderStatusLabel = (status: string) => LEGACY_LABELS[status] ?? status;
