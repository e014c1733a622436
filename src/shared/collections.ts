// The payment axis of an order as people read it, shared by the server (which computes it in
// SQL, services/collections/payment-facts.ts) and the screens
// (docs/decisions/084-payments-statement-and-receivables.md).
import { daysBetween } from './payment-terms';

export const PAYMENT_STATUSES = ['Pendiente de pago', 'Pago parcial', 'Pagado', 'Vencido'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Shown beside the status while a deferred cheque applied to the order waits for its day. */
export const CHEQUE_PENDING_LABEL = 'Cheque a cobrar';

export const PAYMENT_METHODS = ['transfer', 'deposit', 'cheque', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transfer: 'Transferencia',
  deposit: 'Depósito',
  cheque: 'Cheque',
  cash: 'Efectivo',
};

export const PAYMENT_CURRENCIES = ['USD', 'UYU'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/**
 * An order's payment status from its amounts in cents: paid is what counts today (a deferred
 * cheque only from its collection day); overdue once its due day is over and something is
 * still owed. `dueOn` null: terms from delivery, not delivered yet, never overdue.
 */
export function paymentStatusOf(order: {
  amountDueCents: bigint;
  paidCents: bigint;
  dueOn: string | null;
  today: string;
}): PaymentStatus {
  if (order.paidCents >= order.amountDueCents) return 'Pagado';
  if (order.dueOn !== null && order.dueOn < order.today) return 'Vencido';
  return order.paidCents > 0n ? 'Pago parcial' : 'Pendiente de pago';
}

/** Payers on a page of /dashboard/cobranzas. */
export const RECEIVABLES_PAGE_SIZE = 50;

/** The receivables' columns, by days past the due day. */
export const AGE_BUCKETS = ['Al día', '1–30', '31–60', '61–90', 'Más de 90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** Which column an open balance falls in on `today`; not due yet (or no due day) is 'Al día'. */
export function ageBucketOf(dueOn: string | null, today: string): AgeBucket {
  if (dueOn === null) return 'Al día';
  const overdue = daysBetween(dueOn, today);
  if (overdue <= 0) return 'Al día';
  if (overdue <= 30) return '1–30';
  if (overdue <= 60) return '31–60';
  if (overdue <= 90) return '61–90';
  return 'Más de 90';
}

/** The reminders of an unpaid order, each sent once: days from its due day. */
export const REMINDER_STAGES = { before: -3, due: 0, overdue: 7 } as const;
export type ReminderStage = keyof typeof REMINDER_STAGES;
