import type * as React from 'react';
import { cn } from '@client/lib/cn';
import { Label } from './label';

export type FieldErrorProps = { id?: string; message?: string; className?: string };

export function FieldError({ id, message, className }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('text-destructive text-sm', className)}>
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
