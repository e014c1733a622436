import { type core, z } from 'zod';
import { messages } from '@shared/messages';

// zod's own messages (a schema check without a text of ours) answer in Spanish too. Set here
// because every path that turns a zod error into an answer imports this module.
z.config(z.locales.es());

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
