// Amounts as a person in Uruguay types them, read the same way by every money and discount
// input and by the schemas behind them (docs/decisions/052-money-typed-the-uruguayan-way.md).
//
// The rule: ',' is the decimal mark and '.' groups thousands ('1.150,50'). A '.' is read as a
// decimal point only where it cannot be a thousands separator: one '.' followed by one or two
// digits ('1150.50', '1.2'). Anything that could mean two amounts is refused, never guessed:
// '1,200.50', '1.2.3', '1234.567', '1,234,5', and a ',' followed by three digits ('1,200').
import { messages } from './client-messages';
import { decimalText, groupThousands, readDecimal, roundedCents } from './money';

/** Longest text an amount field accepts ('1.150.000.000,00' is 16). */
export const MONEY_INPUT_MAX = 24;

export type MoneyInputProblem = 'empty' | 'negative' | 'invalid';
export type MoneyInputReading =
  | { amount: string; error?: never; problem?: never }
  | { amount?: never; error: string; problem: MoneyInputProblem };

// Whole part: plain digits, or groups of three after a first group of 1-3 that does not start
// with 0 ('0.500' is not five hundred). Then an optional ',' with one or two decimals.
const COMMA_DECIMALS = /^(\d*|[1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;
// One '.' followed by one or two digits can only be a decimal point.
const POINT_DECIMALS = /^(\d*)\.(\d{1,2})$/;

/**
 * '1.150,50' -> { amount: '1150.50' }; ambiguous or malformed text -> { error } in Spanish.
 * `invalid` is the field's own message for a malformed amount (a percentage says so).
 * Surrounding spaces are ignored; an empty text is an error here (a filter that reads empty
 * as 'no bound' checks that first).
 */
export function parseMoneyInput(
  text: string,
  invalid: string = messages.moneyInputInvalid,
): MoneyInputReading {
  const trimmed = text.trim();
  if (trimmed === '') return { error: messages.moneyInputEmpty, problem: 'empty' };
  if (trimmed.length > MONEY_INPUT_MAX) return { error: invalid, problem: 'invalid' };
  const unsigned = trimmed.replace(/^-\s*/, '');
  const match = COMMA_DECIMALS.exec(unsigned) ?? POINT_DECIMALS.exec(unsigned);
  const [, whole = '', decimals = ''] = match ?? [];
  if (!match || (whole === '' && decimals === '')) return { error: invalid, problem: 'invalid' };
  if (unsigned !== trimmed) return { error: messages.moneyInputNegative, problem: 'negative' };
  const units = BigInt(whole.replaceAll('.', '') || '0').toString();
  return { amount: `${units}.${decimals.padEnd(2, '0')}` };
}

/**
 * An amount as the inputs show it back: '1150.50' (or 1150.5) -> '1.150,50', '1200.00' ->
 * '1.200'; a third decimal rounds half up. parseMoneyInput reads it as the same amount. Read as
 * decimal text and cents (@shared/money), never through float arithmetic.
 */
export function formatMoneyInput(amount: string | number): string {
  const decimal = readDecimal(typeof amount === 'number' ? decimalText(amount) : amount);
  if (!decimal) return String(amount);
  const cents = roundedCents(decimal);
  const units = `${decimal.isNegative ? '-' : ''}${groupThousands((cents / 100n).toString())}`;
  return cents % 100n === 0n ? units : `${units},${(cents % 100n).toString().padStart(2, '0')}`;
}
