// The staff desk's rules that both sides read (docs/decisions/092-one-desk-for-quotes.md): how
// long a customer has waited in business time, the ages and validities a row shows, the page
// sizes of the orders queue.
import { storeCalendarFields, storeDay } from './format';
import { isUruguayHoliday } from './uy-holidays';

export const DESK_PAGE_SIZES = [25, 50, 100] as const;
export type DeskPageSize = (typeof DESK_PAGE_SIZES)[number];
export const DEFAULT_DESK_PAGE_SIZE: DeskPageSize = 25;

/** A customer action older than this that nobody opened is no longer news: not counted unread. */
export const UNREAD_WINDOW_DAYS = 30;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** One business day of waiting: 24 hours that fall on Montevideo's working days. */
export const BUSINESS_DAY_MS = DAY_MS;

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * The milliseconds between two instants that fall on a Montevideo working day: Monday to
 * Friday and not a national holiday (src/shared/uy-holidays.ts). A Montevideo day is 24 hours
 * long (no daylight saving time since 2015), so each step runs to the next local midnight.
 */
export function businessMsBetween(from: Date, to: Date): number {
  let total = 0;
  let at = from.getTime();
  const end = to.getTime();
  while (at < end) {
    const { hour, minute } = storeCalendarFields(new Date(at));
    const sinceMidnight = (hour * 60 + minute) * 60_000 + (at % 60_000);
    const nextMidnight = at - sinceMidnight + DAY_MS;
    const stop = Math.min(nextMidnight, end);
    const day = storeDay(new Date(at));
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6 && !isUruguayHoliday(day)) total += stop - at;
    at = stop;
  }
  return total;
}

/**
 * The customer acted and no staff message or revision came after it, for more than one business
 * day.
 */
export function isWaitingTooLong(
  lastCustomerActionAt: Date | null,
  lastStaffAnswerAt: Date | null,
  now: Date,
): boolean {
  if (!lastCustomerActionAt) return false;
  if (lastStaffAnswerAt && lastStaffAnswerAt >= lastCustomerActionAt) return false;
  return businessMsBetween(lastCustomerActionAt, now) > BUSINESS_DAY_MS;
}

let relative: Intl.RelativeTimeFormat | undefined;

/** 'recién', 'hace 5 min', 'hace 3 h', 'hace 2 días': how long ago, in the store's words. */
export function formatAge(instant: Date, now: Date): string {
  relative ??= new Intl.RelativeTimeFormat('es-UY', { numeric: 'auto', style: 'short' });
  const ms = Math.max(0, now.getTime() - instant.getTime());
  // Intl's 'este minuto' reads as a clock, not an age.
  if (ms < 60_000) return 'recién';
  if (ms < HOUR_MS) return relative.format(-Math.floor(ms / 60_000), 'minute');
  if (ms < DAY_MS) return relative.format(-Math.floor(ms / HOUR_MS), 'hour');
  return relative.format(-Math.floor(ms / DAY_MS), 'day');
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** A quote valid through `validUntil` (whole Montevideo days) as the queue reads it. */
export function validityLabel(validUntil: string, now: Date): string {
  const left = dayNumber(validUntil) - dayNumber(storeDay(now));
  if (left < 0) return 'Vencida';
  if (left === 0) return 'Vence hoy';
  if (left === 1) return 'Vence mañana';
  return `Vence en ${left} días`;
}
