// Limits of the dashboard orders list's filters. No zod here: the URL parser reads them too
// (docs/decisions/005-search-params-without-zod.md).

/** Longest text the orders list searches for (a name, an e-mail, a company or '#123'). */
export const ORDER_SEARCH_MAX = 100;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A day typed in a date input, 'YYYY-MM-DD', naming a real day of the calendar (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 'Hasta' before 'Desde' selects nothing ('YYYY-MM-DD' strings compare like their days). */
export const isDayRangeReversed = (from?: string, to?: string) => Boolean(from && to && from > to);
