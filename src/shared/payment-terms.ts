// A company's 'Condiciones de pago' and the due date they give an accepted order, as pure
// functions on Montevideo calendar days ('2026-11-28'), shared by the server, which alone stores
// a due date, and the screens (docs/decisions/083-terms-credit-and-due-dates.md).

/** 'Contado' (0) or credit at 30, 60 or 90 days. */
export const PAYMENT_TERM_DAYS = [0, 30, 60, 90] as const;
export type PaymentTermDays = (typeof PAYMENT_TERM_DAYS)[number];

/** Where the days count from: the acceptance (Concretado) or the delivery of the goods. */
export const PAYMENT_TERMS_FROM = ['acceptance', 'delivery'] as const;
export type PaymentTermsFrom = (typeof PAYMENT_TERMS_FROM)[number];

export const PAYMENT_TERMS_FROM_LABELS: Record<PaymentTermsFrom, string> = {
  acceptance: 'desde la aceptación',
  delivery: 'desde la entrega',
};

/** 'Contado', 'Crédito a 30 días desde la entrega'. */
export function paymentTermsLabel(days: number, from: string): string {
  if (days === 0) return 'Contado';
  const counted = PAYMENT_TERMS_FROM_LABELS[from as PaymentTermsFrom] ?? '';
  return `Crédito a ${days} días ${counted}`.trim();
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/** A calendar day as a UTC midnight: day arithmetic without any zone's daylight saving. */
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` plus `days` calendar days ('2026-01-31' + 30 = '2026-03-02'). */
export const addDays = (day: string, days: number) => dayOfUtc(utcOf(day) + days * MS_PER_DAY);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((utcOf(to) - utcOf(from)) / MS_PER_DAY);

/** 0 Sunday … 6 Saturday, of a calendar day. */
export const weekdayOf = (day: string) => new Date(utcOf(day)).getUTCDay();

/**
 * The day a payment falls due: `days` calendar days after `start`, moved to the next Monday
 * when it lands on a Saturday or a Sunday (banks do not collect then). Public holidays are not
 * known to the store and are not moved. 'Contado' (0 days) is due on `start` itself, whatever
 * day it is: the buyer accepted that day.
 */
export function dueDateOf(start: string, days: number): string {
  if (days === 0) return start;
  const due = addDays(start, days);
  const weekday = weekdayOf(due);
  if (weekday === 6) return addDays(due, 2);
  if (weekday === 0) return addDays(due, 1);
  return due;
}
