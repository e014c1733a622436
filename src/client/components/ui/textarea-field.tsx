import type * as React from 'react';
import { FormField } from './form-field';
import { Textarea } from './textarea';

export type TextareaFieldProps = React.ComponentProps<typeof Textarea> & {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  /** Classes of the field around the textarea (grid spans); `className` styles the textarea. */
  fieldClassName?: string;
};

/**
 * InputField's twin for long text: a labelled textarea with its hint and error, marked invalid
 * and described by the message while there is one (by the hint otherwise).
 */
export function TextareaField({
  id,
  label,
  error,
  hint,
  fieldClassName,
  ...textarea
}: TextareaFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint} className={fieldClassName}>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
    </FormField>
  );
}
