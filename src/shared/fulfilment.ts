// The fulfilment axis of an accepted order (docs/decisions/080-three-axes-of-an-order.md,
// 082-dispatches-and-delivery-notes.md): where its goods are, apart from the deal's status.

export const FULFILMENT_STATUSES = [
  'Por despachar',
  'Despachado parcialmente',
  'Despachado',
  'Entregado',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
export const [TO_DISPATCH, PARTLY_DISPATCHED, DISPATCHED, DELIVERED] = FULFILMENT_STATUSES;

/** Goods the buyer still waits for: 'Por recibir' of their orders, 'pendiente' of staff's list. */
export const AWAITING_RECEIPT: readonly FulfilmentStatus[] = [
  TO_DISPATCH,
  PARTLY_DISPATCHED,
  DISPATCHED,
];
/** What staff still have to send: the dashboard's 'Por despachar'. */
export const DISPATCH_PENDING: readonly FulfilmentStatus[] = [TO_DISPATCH, PARTLY_DISPATCHED];

/** A line of the accepted order and what happened to its units. */
export type LineProgress = { quantity: number; dispatched: number; cancelled: number };

/**
 * The order's fulfilment state from its lines and dispatches: nothing sent, some, all of it
 * (what was not cancelled), and all of that received.
 */
export function fulfilmentStatusOf(
  lines: LineProgress[],
  dispatches: { isDelivered: boolean }[],
): FulfilmentStatus {
  const dispatched = lines.reduce((sum, line) => sum + line.dispatched, 0);
  if (dispatched === 0) return TO_DISPATCH;
  const isAllGone = lines.every((line) => line.dispatched + line.cancelled >= line.quantity);
  if (!isAllGone) return PARTLY_DISPATCHED;
  return dispatches.every((dispatch) => dispatch.isDelivered) ? DELIVERED : DISPATCHED;
}

export const pendingOf = (line: LineProgress) =>
  Math.max(0, line.quantity - line.dispatched - line.cancelled);

/** '3 de 5 despachadas', with what was cancelled when something was. */
export function lineProgressText(line: LineProgress): string {
  const sent = `${line.dispatched} de ${line.quantity} ${line.quantity === 1 ? 'despachada' : 'despachadas'}`;
  return line.cancelled > 0
    ? `${sent} · ${line.cancelled} ${line.cancelled === 1 ? 'cancelada' : 'canceladas'}`
    : sent;
}

/** A line's key in dispatch inputs: 'r12' a revision line, 'i7' a requested line (order_items). */
export const LINE_KEY = /^[ri]\d{1,10}$/;

/** 'Nota de entrega N° 000123'. */
export const deliveryNoteNumber = (n: number) => String(n).padStart(6, '0');
