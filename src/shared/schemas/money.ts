// Money and discount fields of every form: the text a person typed, read by the one parser
// (src/shared/money-input.ts), checked against the field's limits in integer cents, and handed
// on as a normalised decimal ('1150.50'). The same schema runs in the form and on the server,
// so both accept the same texts and answer with the same message under the field.
import { z } from 'zod';
import { messages } from '../client-messages';
import { decimalText, parseCents } from '../money';
import { MONEY_INPUT_MAX, parseMoneyInput } from '../money-input';

type Limit = { amount: string; message: string };

export type AmountRules = {
  /** The field's message for a malformed or ambiguous text. */
  invalid?: string;
  /** The field's message for a blank text. */
  required?: string;
  /** Smallest amount ('0.01'); its message also answers a negative one. */
  min?: Limit;
  /** Largest amount. */
  max?: Limit;
};

// Bounds a number before its real check: JSON may carry 1e308 (test/support/zod-arbitrary).
const NUMBER_BOUND = 1e12;

function checked(amount: string, rules: AmountRules, ctx: z.RefinementCtx): string {
  const cents = parseCents(amount);
  const failed =
    rules.min && cents < parseCents(rules.min.amount)
      ? rules.min.message
      : rules.max && cents > parseCents(rules.max.amount)
        ? rules.max.message
        : undefined;
  if (failed) ctx.addIssue({ code: 'custom', message: failed });
  return amount;
}

/** Reads a typed amount inside a schema's transform: '1150.50', or an issue with its message. */
export function amountFromText(text: string, rules: AmountRules, ctx: z.RefinementCtx): string {
  const invalid = rules.invalid ?? messages.moneyInputInvalid;
  const read = parseMoneyInput(text, invalid);
  if (read.amount !== undefined) return checked(read.amount, rules, ctx);
  const message =
    read.problem === 'empty'
      ? (rules.required ?? read.error)
      : read.problem === 'negative'
        ? (rules.min?.message ?? read.error)
        : read.error;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A money or discount field as typed ('1.150,50', '12,5'); the output is '1150.50'. */
export const amountTextSchema = (rules: AmountRules = {}) =>
  z
    .string({ error: rules.invalid ?? messages.moneyInputInvalid })
    .max(MONEY_INPUT_MAX, rules.invalid ?? messages.moneyInputInvalid)
    .transform((text, ctx) => amountFromText(text, rules, ctx));

/**
 * The same, also taking a JSON number (an API client's 1299.5): a number has no separators to
 * misread, so it only has to be exact to the cent. The output is still '1299.50'.
 */
export const amountSchema = (rules: AmountRules = {}) => {
  const invalid = rules.invalid ?? messages.moneyInputInvalid;
  return z
    .union(
      [z.number().min(-NUMBER_BOUND).max(NUMBER_BOUND), z.string().max(MONEY_INPUT_MAX, invalid)],
      { error: invalid },
    )
    .transform((value, ctx) => {
      if (typeof value === 'string') return amountFromText(value, rules, ctx);
      // Read as the decimal text the number stands for: more than two decimals is not an amount.
      const [whole = '0', fraction = ''] = decimalText(Math.abs(value)).split('.');
      if (fraction.length > 2) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      if (value < 0) {
        ctx.addIssue({
          code: 'custom',
          message: rules.min?.message ?? messages.moneyInputNegative,
        });
        return z.NEVER;
      }
      return checked(`${whole}.${fraction.padEnd(2, '0')}`, rules, ctx);
    });
};
