// What an order's entering or leaving Concretado does on its payment axis
// (docs/decisions/080-three-axes-of-an-order.md). Collections implements it
// (services/collections/payment-axis.ts); the orders room may not import that room (eslint's
// SERVICE_ARROWS: collections reads orders), so the routers hand it in, and a change into or out
// of Concretado without it is a programming error, not a silent order without an amount owed.
import type { Transaction } from '../../db/client';
import type { StoreIdentity } from '../../mail/store-identity';

/** An acceptance about to conclude an order, read under the order's lock. */
export type CreditCandidate = {
  orderId: number;
  /** The status the order is in now (Modificado, or Aprobación pendiente). */
  status: string;
  revision: number;
  userId: number;
  staffEmail: string;
  store: StoreIdentity;
  now: Date;
  /** What the history says first when a company's administrator approved it ('Aprobada por …'). */
  approvalNote?: string;
};

export type PaymentAxis = {
  /**
   * Before an acceptance concludes the order: when its total passes the company's available
   * credit, moves it to 'Aprobación de crédito' itself and answers the credit that was
   * available; null when the acceptance may go on.
   */
  holdForCredit(tx: Transaction, accepted: CreditCandidate): Promise<{ available: string } | null>;
  /** In the transaction that makes the order Concretado: its amount owed and due day. */
  concluded(tx: Transaction, orderId: number, now: Date): Promise<{ dueOn: string | null }>;
  /** In the transaction that takes it out of Concretado: refused once anything was paid. */
  leaving(tx: Transaction, orderId: number): Promise<void>;
};

/** What applyStatusChange needs for a change into or out of Concretado. */
export type ConclusionContext = { payment: PaymentAxis; now: Date };

export function requireConclusion(context: ConclusionContext | undefined): ConclusionContext {
  if (!context) throw new Error('a change into or out of Concretado needs the payment axis');
  return context;
}
