import type { core } from 'zod';
import { messages } from '@shared/messages';

export type FieldErrors = Record<string, string[]>;

/**
 * `{ 'variants.0.price': ['El precio debe ser mayor a 0'] }`: one entry per invalid field,
 * the shape every refused input answers with (tRPC's data.fieldErrors and the upload routes).
 * Accepts errors of full zod and of zod/mini alike.
 */
export function fieldErrorsOf(error: core.$ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    (result[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
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
