// Limits and values of the orders lists' filters. No zod here: the URL parser reads them too
// (docs/decisions/005-search-params-without-zod.md).
import { DISPATCH_PENDING, FULFILMENT_STATUSES, type FulfilmentStatus } from './fulfilment';

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

/** 'Pendiente' of the 'Despacho' filter: what staff still have to send (DISPATCH_PENDING). */
export const DISPATCH_FILTER_PENDING = 'pendiente';
/** 'Despacho' of /dashboard/ordenes and its CSV: one fulfilment state, or 'pendiente'. */
export const DISPATCH_FILTERS = [...FULFILMENT_STATUSES, DISPATCH_FILTER_PENDING] as const;
export type DispatchFilter = (typeof DISPATCH_FILTERS)[number];

/** The fulfilment states a 'Despacho' filter selects. */
export const statusesOfDispatchFilter = (filter: DispatchFilter): readonly FulfilmentStatus[] =>
  filter === DISPATCH_FILTER_PENDING ? DISPATCH_PENDING : [filter];

/**
 * Whether the filter selects only goods still waiting to leave: the list shows those oldest
 * first, so what has waited longest is on top
 * (docs/decisions/082-dispatches-and-delivery-notes.md).
 */
export const isDispatchPendingFilter = (filter: DispatchFilter | undefined) =>
  filter !== undefined &&
  statusesOfDispatchFilter(filter).every((status) => DISPATCH_PENDING.includes(status));

/** /account/pedidos?filtro=por-recibir: the orders whose goods the buyer still waits for. */
export const AWAITING_RECEIPT_FILTER = 'por-recibir';
