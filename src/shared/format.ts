// One formatter for money and dates, used by every screen
// (docs/decisions/012-money-and-date-formats.md).

const moneyFormat = new Intl.NumberFormat('es-UY', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 'US$ 1.299,50'. Accepts the numeric strings the database returns. */
export function formatMoney(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  // Intl puts a non-breaking space after the symbol; a plain one keeps texts searchable.
  return moneyFormat.format(value).replace(/\u00a0/g, ' ');
}

export const TAX_NOTE = '+ IVA';

const shortDateFormat = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const longDateFormat = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '22/11/2026' */
export const formatDate = (date: Date | string) => shortDateFormat.format(new Date(date));
/** '22 de noviembre de 2026' */
export const formatLongDate = (date: Date | string) => longDateFormat.format(new Date(date));
/** '22/11/2026, 16:05' */
export const formatDateTime = (date: Date | string) => dateTimeFormat.format(new Date(date));

/** The first `count` words of a text followed by an ellipsis when it was cut. */
export function teaser(text: string, count = 20): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= count) return words.join(' ');
  return `${words.slice(0, count).join(' ')}...`;
}

/** Money arithmetic in integer cents: never sum floats. */
export const toCents = (amount: number | string) => Math.round(Number(amount) * 100);
export const fromCents = (cents: number) => (cents / 100).toFixed(2);
