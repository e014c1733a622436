// Labels for the dashboard's periods and waits. Periods come from the server as the first day of
// a Montevideo day or month ('2026-06-15'); the shared date shapes read them in UTC.
import { formatCount, formatDateAs } from '@shared/format';

export type PeriodUnit = 'day' | 'month';

const asDate = (period: string) => new Date(`${period}T00:00:00Z`);

/** A short axis label: '15/06' or 'jun 26'. */
export const periodTick = (unit: PeriodUnit, period: string) =>
  formatDateAs(unit === 'day' ? 'dayTick' : 'monthTick', asDate(period));

/** The full label of tooltips and the text summary: '15 de junio' or 'junio de 2026'. */
export const periodLabel = (unit: PeriodUnit, period: string) =>
  formatDateAs(unit === 'day' ? 'dayLabel' : 'monthLabel', asDate(period));

/** '45 min', '3 h 20 min', '2 días 4 h'. */
export function formatWait(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const dayText = days === 1 ? '1 día' : `${days} días`;
  return hours % 24 ? `${dayText} ${hours % 24} h` : dayText;
}

/**
 * When a snapshot's figures were computed, `seconds` before the page read them: 'Actualizado
 * recién', 'Actualizado hace 8 min'.
 */
export const formatUpdatedAgo = (seconds: number) =>
  seconds < 60 ? 'Actualizado recién' : `Actualizado hace ${formatWait(seconds)}`;

/** A count that stopped at `cap`: 'más de 1.000'. */
export const formatCapped = (count: number, isCapped: boolean) =>
  isCapped ? `más de ${formatCount(count)}` : String(count);

const percentFormat = new Intl.NumberFormat('es-UY', {
  style: 'percent',
  maximumFractionDigits: 1,
});
export const formatPercent = (ratio: number) => percentFormat.format(ratio);
