import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

/** What a labelled field (InputField, EmailField, TextareaField…) takes from the form. */
export type FieldBinding = ReturnType<UseFormReturn['register']> & { id: string; error?: string };

/**
 * Binds fields to a react-hook-form form: `<InputField label="Título" {...field('title')} />`
 * gets the registration, the field's error message (the form's own check, or the server's put
 * there by showRefusal, lib/refusals.ts) and its id (`idPrefix` + name, which keeps two forms
 * on one page apart). `options` are register's ('setValueAs' for a select's '' that means none).
 * Called while rendering, so the form re-renders on its errors.
 */
export function fieldBinder<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState' | 'getFieldState'>,
  { idPrefix = '' }: { idPrefix?: string } = {},
) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>): FieldBinding => ({
    id: `${idPrefix}${name}`,
    error: form.getFieldState(name, form.formState).error?.message,
    ...form.register(name, options),
  });
}
