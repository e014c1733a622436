import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldErrors } from './errors';

/** What a labelled field (InputField, EmailField, TextareaField…) takes from the form. */
export type FieldBinding = ReturnType<UseFormReturn['register']> & { id: string; error?: string };

/**
 * Binds fields to a react-hook-form form: `<InputField label="Título" {...field('title')} />`
 * gets the registration, the field's error message (the form's own, else the server's for that
 * field in `serverError`) and its id (`idPrefix` + name, which keeps two forms on one page
 * apart). Called while rendering, so the form re-renders on its errors.
 */
export function fieldBinder<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState' | 'getFieldState'>,
  { idPrefix = '', serverError }: { idPrefix?: string; serverError?: unknown } = {},
) {
  const byField = fieldErrors(serverError);
  return (name: Path<T>): FieldBinding => ({
    id: `${idPrefix}${name}`,
    error: form.getFieldState(name, form.formState).error?.message ?? byField[name]?.[0],
    ...form.register(name),
  });
}

/** Puts the server's per-field messages for invalid input on the form's own fields. */
export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
) {
  const byField = fieldErrors(error);
  for (const field of fields) {
    const message = byField[field]?.[0];
    if (message) form.setError(field, { message });
  }
}
