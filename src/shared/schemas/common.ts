// Pieces every input schema bounds the same way. A field without a bound lets one request
// carry megabytes to the database (and into its error logs), so each string, number and array
// of a procedure's input has a maximum here or in its own schema file.
import { z } from 'zod';

/** Row ids are PostgreSQL `integer`s: anything larger can only fail in the database. */
export const ID_MAX = 2_147_483_647;
/** RFC 5321's limit on a forward path; longer is never a deliverable address. */
export const EMAIL_MAX = 254;
/** Longest slug a lookup accepts: product slugs are at most 160, post slugs come from titles. */
export const SLUG_LOOKUP_MAX = 300;

export const idSchema = z.number().int().positive().max(ID_MAX);

export const slugLookupSchema = z.string().trim().min(1).max(SLUG_LOOKUP_MAX);

/**
 * A lower-cased e-mail. `invalid` covers too long and malformed; a form that names the blank
 * case separately passes `required`. The length is checked before the pattern runs.
 */
export function emailSchema(invalid: string, required?: string) {
  const text = z.string().trim().toLowerCase();
  return (required ? text.min(1, required) : text).max(EMAIL_MAX, invalid).pipe(z.email(invalid));
}

/** Text the person must give (blank after trimming is `required`), at most `max` characters. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong);

/** Text that may be left blank, at most `max` characters after trimming. */
export const boundedText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
