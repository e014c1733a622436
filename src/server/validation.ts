import { TRPCError } from '@trpc/server';
import { core, z } from 'zod';
import { messages } from '@shared/messages';

// zod's own messages (a schema check without a text of ours) answer in Spanish too. Set here
// because every path that turns a zod error into an answer imports this module.
z.config(z.locales.es());

export type FieldErrors = Record<string, string[]>;

/** superjson refuses to send an object with these keys (its prototype pollution guard). */
const UNSENDABLE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `{ 'variants.0.price': ['El precio debe ser mayor a 0'] }`: one entry per invalid field,
 * the shape every refused input answers with (tRPC's data.fieldErrors and the upload routes).
 * Accepts errors of full zod and of zod/mini alike.
 */
export function fieldErrorsOf(error: core.$ZodError): FieldErrors {
  // No prototype: a client's key such as 'toString' is a field like any other.
  const result: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    (result[path && !UNSENDABLE_KEYS.has(path) ? path : '_'] ??= []).push(issue.message);
  }
  return result;
}

export const firstFieldError = (fieldErrors: FieldErrors) =>
  Object.values(fieldErrors)[0]?.[0] ?? messages.unexpected;

/** A refusal that belongs under one form field (`images`, `slug`, `variants`...). */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
    /** 400 for bad input; 409 when the record changed under the form. */
    readonly status: 400 | 409 = 400,
  ) {
    super(message);
  }
}

// PostgreSQL text cannot hold NUL, and an unpaired UTF-16 surrogate has no UTF-8 form: either
// made the database fail with a 500. No field of the store has a use for them, so they are
// refused before any schema runs (the fuzz tests found them in every kind of string).
const UNSTORABLE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Visit = { value: unknown; key?: string; parent?: Visit };

const pathOf = (visit: Visit): string[] =>
  visit.parent ? [...pathOf(visit.parent), visit.key!] : [];

/**
 * A zod error at the first string (or object key) of `value` that the database could not
 * store, or null. Walks with an explicit stack: a client's input may be nested very deep.
 */
export function unstorableTextError(value: unknown): core.$ZodError | null {
  const stack: Visit[] = [{ value }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    let bad: Visit | undefined;
    if (typeof visit.value === 'string') {
      if (UNSTORABLE_TEXT.test(visit.value)) bad = visit;
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) {
        if (UNSTORABLE_TEXT.test(key)) bad = visit;
        stack.push({ value: child, key, parent: visit });
      }
    }
    if (bad) {
      // The kind zod throws from parse(), an Error too: tRPC keeps it as the cause untouched.
      return new core.$ZodRealError([
        {
          code: 'custom',
          path: pathOf(bad),
          message: messages.invalidCharacters,
          input: undefined,
        },
      ]);
    }
  }
  return null;
}

/**
 * A service's refusal of one input field, answered like a schema's: BAD_REQUEST with
 * `data.fieldErrors[field]`, so the form shows it under that field. For rules a schema alone
 * cannot decide (they depend on stored rows).
 */
export function fieldRefusalError(field: string, message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new core.$ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]),
  });
}
