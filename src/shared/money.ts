// Money is computed in integer cents (BigInt), everywhere: the cart, the quote, its revisions,
// the shop's price filter and every comparison of two amounts. An amount never passes through
// float arithmetic, also not on its way to the screen: a number that arrives (a JSON number, a
// URL's ?min=100.5) is read as the decimal text it stands for (decimalText), and from there on
// it is digits and cents. The thousands grouping and the half-up division live here only.

/** '1299.5' -> 129950n. Only non-negative decimals with up to two places (the schemas' rule). */
export function parseCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
}

/** 129950n -> '1299.50', as numeric columns take it. */
export const formatCents = (cents: bigint) =>
  `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** Whether two amounts are the same number of cents ('10.5' and '10.50' are). */
export const sameAmount = (a: string, b: string) => parseCents(a) === parseCents(b);

/** Σ price × quantity of the lines, as an amount ('2599.00'). */
export const sumOfLines = (lines: { price: string; quantity: number }[]) =>
  formatCents(
    lines.reduce((sum, line) => sum + parseCents(line.price) * BigInt(line.quantity), 0n),
  );

/** numerator / denominator rounded to the nearest integer, halves up (both are >= 0). */
export const divideHalfUp = (numerator: bigint, denominator: bigint) =>
  (numerator * 2n + denominator) / (denominator * 2n);

/** '1234567' -> '1.234.567': whole digits grouped by three with es-UY's '.'. */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A decimal read digit by digit: its sign, whole digits (no leading zeros) and fraction. */
export type Decimal = { isNegative: boolean; whole: string; fraction: string };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * '-1234.5', '1e-7', ' 12 ' -> its digits, the exponent applied by moving the point in the
 * text; undefined for anything else (NaN, 'Infinity', '', '1,5').
 */
export function readDecimal(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const padded =
    point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(Math.max(point, digits.length), '0');
  const at = Math.max(point, 0);
  return {
    isNegative: sign === '-',
    whole: padded.slice(0, at).replace(/^0+/, ''),
    fraction: padded.slice(at).replace(/0+$/, ''),
  };
}

/**
 * A finite number as the decimal text it stands for: 1299.5 -> '1299.5', 1e-7 -> '0.0000001'.
 * JavaScript's shortest text that reads back as the same number, which for an amount a person
 * or a URL wrote is that amount's own text; nothing is multiplied.
 */
export function decimalText(value: number): string {
  const decimal = readDecimal(String(value));
  if (!decimal) throw new RangeError(`Not a finite number: ${value}`);
  const sign = decimal.isNegative ? '-' : '';
  return `${sign}${decimal.whole || '0'}${decimal.fraction ? `.${decimal.fraction}` : ''}`;
}

/**
 * A normalised amount ('1150.50') as the number a URL's JSON carries (1150.5). An amount of at
 * most 15 significant digits is the only number whose shortest text is its own, so
 * decimalText gives it back unchanged: the number only carries the amount, nothing counts
 * with it.
 */
export const amountAsNumber = (amount: string) => Number(amount);

/**
 * A decimal's absolute value in whole cents, rounded at the third decimal half away from zero,
 * as Intl rounds the text it reads ('1.005' -> 101n).
 */
export const roundedCents = ({ whole, fraction }: Decimal) =>
  BigInt(whole || '0') * 100n +
  BigInt(fraction.padEnd(2, '0').slice(0, 2)) +
  ((fraction[2] ?? '0') >= '5' ? 1n : 0n);

/** 129950n -> '1.299,50': cents (>= 0) with es-UY's grouping and decimal comma. */
export const formatCentsEsUy = (cents: bigint) =>
  `${groupThousands((cents / 100n).toString())},${(cents % 100n).toString().padStart(2, '0')}`;
