// Pieces every input schema bounds the same way. A field without a bound lets one request
// carry megabytes to the database (and into its error logs), so each string, number and array
// of a procedure's input has a maximum here or in its own schema file.
import { z } from 'zod';
import { messages } from '../client-messages';

/** Row ids are PostgreSQL `integer`s: anything larger can only fail in the database. */
export const ID_MAX = 2_147_483_647;
/** RFC 5321's limit on a forward path; longer is never a deliverable address. */
export const EMAIL_MAX = 254;
/** Longest slug a lookup accepts: product slugs are at most 160, post slugs come from titles. */
export const SLUG_LOOKUP_MAX = 300;

/** A token of a mailed link: base32 of 20 random bytes (32 characters); longer is never ours. */
export const TOKEN_MAX = 64;
export const linkTokenSchema = z.string().trim().min(1).max(TOKEN_MAX);

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

/**
 * White space and control characters, runs of them: a pasted line break, a tab, a NUL
 * (which PostgreSQL refuses in text), a Unicode line separator.
 */
const BREAKS_AND_CONTROLS = /[\s\p{Cc}]+/gu;

/** The text as one line: each run of white space or control characters is one space. */
export const oneLine = (text: string) => text.replace(BREAKS_AND_CONTROLS, ' ').trim();

/**
 * What a name printed on a quote may hold (docs/decisions/077-what-a-quote-prints.md): the
 * letters of the Latin alphabets the PDF's font draws (Spanish, Portuguese, French, German,
 * Italian...), digits, spaces and common punctuation. Arabic, CJK or an emoji would print as
 * other letters or not at all: the field refuses them, with a sentence, instead.
 */
const DOCUMENT_TEXT = /^[A-Za-z0-9À-ÖØ-öø-ÿŒœŠšŽžŸ .,;:'’‘"“”«»()[\]&/#°ºª+\-–—!?¿¡@%*_·$€]*$/;

/**
 * One line printed on a quote (a razón social, a person's name, the store's data, an OC): a
 * line break or a control character pasted into it is a space, and only what the PDF draws is
 * accepted. Blank is allowed unless `required` names its refusal.
 */
export function documentLine(max: number, refusals: { tooLong: string; required?: string }) {
  const text = z.string().overwrite(oneLine);
  return (refusals.required ? text.min(1, refusals.required) : text)
    .max(max, refusals.tooLong)
    .regex(DOCUMENT_TEXT, messages.documentTextRefused);
}
