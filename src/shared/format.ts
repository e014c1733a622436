// One formatter for money and dates, used by every screen
// (docs/decisions/012-money-and-date-formats.md).
import { decimalText, formatCentsEsUy, groupThousands, readDecimal, roundedCents } from './money';

/**
 * 'US$ 1.299,50': es-UY dollars, the text `Intl.NumberFormat('es-UY', USD)` writes (a property
 * test holds it to that), with a plain space after the symbol so texts stay searchable. Written
 * out because building that Intl formatter costs a phone ≈ 50 ms of CPU in one block (≈ 200 ms
 * under Lighthouse's 4x throttle), on every page that shows a price. Accepts the numeric
 * strings the database returns, and numbers, both read as decimal text and rounded in integer
 * cents (@shared/money), never through float arithmetic.
 */
export function formatMoney(amount: number | string): string {
  if (typeof amount === 'number' && !Number.isFinite(amount)) {
    return Number.isNaN(amount) ? 'US$ NaN' : `${amount < 0 ? '-' : ''}US$ ∞`;
  }
  const text =
    typeof amount === 'number' ? (Object.is(amount, -0) ? '-0' : decimalText(amount)) : amount;
  const decimal = readDecimal(text);
  if (!decimal) return 'US$ NaN';
  // Half away from zero, on the decimal as written (1.005 -> 1,01), as Intl rounds.
  return `${decimal.isNegative ? '-' : ''}US$ ${formatCentsEsUy(roundedCents(decimal))}`;
}

/** '10.000': a whole count with es-UY thousands dots, as formatMoney writes units. */
export const formatCount = (count: number): string => groupThousands(String(Math.trunc(count)));

export const TAX_NOTE = '+ IVA';

// The store's dates are Montevideo's, whatever the zone of the machine or the browser: the
// server writes them into PDFs, mails and rendered pages, and the browser must write the same
// text when it hydrates them (docs/decisions/012-money-and-date-formats.md). One Intl formatter
// reads an instant's Montevideo calendar fields; it is built on first use, so pages without a
// date never pay for it.
export const STORE_TIME_ZONE = 'America/Montevideo';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

type CalendarFields = { year: number; month: number; day: number; hour: number; minute: number };

let storeCalendar: Intl.DateTimeFormat | undefined;
/**
 * The last minute asked and its fields: formatToParts costs about 25 µs, and every page's
 * footer asks for this minute's year. A zone's offset never changes within a minute.
 */
let lastAsked: { minute: number; fields: Readonly<CalendarFields> } | undefined;

/** The calendar fields of an instant in Montevideo (month 1-12). */
export function storeCalendarFields(date: Date | string): Readonly<CalendarFields> {
  const instant = new Date(date);
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastAsked?.minute === minute) return lastAsked.fields;
  storeCalendar ??= new Intl.DateTimeFormat('en-US', {
    timeZone: STORE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const fields: Record<string, number> = {};
  for (const part of storeCalendar.formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  lastAsked = { minute, fields: Object.freeze(fields as CalendarFields) };
  return lastAsked.fields;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The Montevideo day of an instant, as '2026-11-22': day ranges, CSV and 'vence el' checks. */
export function storeDay(date: Date | string): string {
  const { year, month, day } = storeCalendarFields(date);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * A calendar day ('2026-11-22', e.g. a quote's 'válida hasta') as a Date at noon in Montevideo,
 * for the formatters below: noon stays the same day in every zone.
 */
export const calendarDay = (day: string) => new Date(`${day}T12:00:00-03:00`);

/** '22/11/2026' */
export function formatDate(date: Date | string): string {
  const { year, month, day } = storeCalendarFields(date);
  return `${twoDigits(day)}/${twoDigits(month)}/${year}`;
}

/** A calendar day ('2026-11-22') as '22/11/2026'. */
export const formatDay = (day: string) => formatDate(calendarDay(day));

/** '22 de noviembre de 2026' */
export function formatLongDate(date: Date | string): string {
  const { year, month, day } = storeCalendarFields(date);
  return `${day} de ${MONTHS[month - 1]} de ${year}`;
}

/** '22/11/2026, 16:05' */
export function formatDateTime(date: Date | string): string {
  const { year, month, day, hour, minute } = storeCalendarFields(date);
  return `${twoDigits(day)}/${twoDigits(month)}/${year}, ${twoDigits(hour)}:${twoDigits(minute)}`;
}

// The dashboard's chart labels. Its periods arrive as the first day of a Montevideo day or
// month ('2026-06-15'): they are labels, not instants, so their shapes read them in UTC.
const CHART_SHAPES = {
  /** '15/06' */
  dayTick: { day: '2-digit', month: '2-digit', timeZone: 'UTC' },
  /** '15 de junio' */
  dayLabel: { day: 'numeric', month: 'long', timeZone: 'UTC' },
  /** 'jun 26' */
  monthTick: { month: 'short', year: '2-digit', timeZone: 'UTC' },
  /** 'junio de 2026' */
  monthLabel: { month: 'long', year: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateShape = keyof typeof CHART_SHAPES;

// Made on first use, so pages without a chart never build one.
const chartFormats = new Map<DateShape, Intl.DateTimeFormat>();

export function formatDateAs(shape: DateShape, date: Date | string): string {
  let format = chartFormats.get(shape);
  if (!format) {
    format = new Intl.DateTimeFormat('es-ES', CHART_SHAPES[shape]);
    chartFormats.set(shape, format);
  }
  return format.format(new Date(date));
}

/** The first `count` words of a text followed by an ellipsis when it was cut. */
export function teaser(text: string, count = 20): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= count) return words.join(' ');
  return `${words.slice(0, count).join(' ')}...`;
}
