// The one place that hears an order became fully delivered ('Entregado').
import type { Transaction } from '../../db/client';

/**
 * Called once, in the transaction that makes the order 'Entregado' (every unit that left was
 * received), with the instant of that delivery. The payment axis starts its due date here:
 * credit terms count from delivery (docs/decisions/080-three-axes-of-an-order.md). It does
 * nothing yet; services/collections/ wires itself in when it lands.
 */
export async function onOrderDelivered(
  _tx: Transaction,
  _orderId: number,
  _deliveredAt: Date,
): Promise<void> {}
