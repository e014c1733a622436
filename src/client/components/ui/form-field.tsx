import type * as React from 'react';
import { cn } from '@client/lib/cn';
import { Input } from './input';
import { Label } from './label';

export type FieldErrorProps = {
  id?: string;
  message?: string;
  /** `dark` on the footer's dark surface, where the usual red is too dark to read. */
  tone?: 'light' | 'dark';
  className?: string;
};

export function FieldError({ id, message, tone = 'light', className }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className={cn('text-sm', tone === 'dark' ? 'text-red-300' : 'text-destructive', className)}
    >
      {message}
    </p>
  );
}

export type FormFieldProps = {
  label: React.ReactNode;
  htmlFor: string;
  error?: string;
  hint?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
};

export function FormField({ label, htmlFor, error, hint, children, className }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${htmlFor}-hint`} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${htmlFor}-error`} message={error} />
    </div>
  );
}

export type InputFieldProps = React.ComponentProps<typeof Input> & {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  /** Classes of the field around the input (grid spans); `className` styles the input. */
  fieldClassName?: string;
};

/**
 * A labelled input with its hint and error, tied to the input by its id: the input is marked
 * invalid and described by the message while there is one, by the hint otherwise.
 */
export function InputField({ id, label, error, hint, fieldClassName, ...input }: InputFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint} className={fieldClassName}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </FormField>
  );
}
