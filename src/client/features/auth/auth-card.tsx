import { Link } from '@tanstack/react-router';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import type { FieldBinding } from '@client/lib/form-fields';
import { NoticeCard } from '@client/components/notice-card';
import { Button } from '@client/components/ui/button';
import { EmailField } from '@client/components/ui/contact-input-fields';
import { InputField } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';

type AuthCardProps = {
  title: string;
  subtitle: string;
  /** While the request is pending a spinner replaces the form. */
  isPending: boolean;
  /** The other form (login or sign-up), keeping where to go afterwards. */
  switchTo: { to: '/login' | '/registro'; label: string; redirect?: string };
  /** Below the fields, above the submit button ('¿Olvidaste tu contraseña?'). */
  extra?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** The form's fields; the card adds the submit button. */
  children: ReactNode;
};

/** The card of the login and sign-up pages: title, the form (or a spinner), the other form's link. */
export function AuthCard({
  title,
  subtitle,
  isPending,
  switchTo,
  onSubmit,
  submitLabel,
  extra,
  children,
}: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="bg-card border-border rounded-2xl border p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground mt-1 mb-6">{subtitle}</p>
        {isPending ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" />
          </div>
        ) : (
          <form noValidate className="space-y-4" onSubmit={onSubmit}>
            {children}
            {extra}
            <Button type="submit" className="w-full">
              {submitLabel}
            </Button>
          </form>
        )}
        <p className="text-muted-foreground mt-6 text-center text-sm">
          <Link
            to={switchTo.to}
            search={{ redirect: switchTo.redirect }}
            className="text-primary hover:underline"
          >
            {switchTo.label}
          </Link>
        </p>
      </div>
    </div>
  );
}

type CredentialFieldsProps = {
  field: (name: 'email' | 'password') => FieldBinding;
  /** 'current-password' to sign in, 'new-password' to sign up, for password managers. */
  passwordAutoComplete: 'current-password' | 'new-password';
  /** The address is given (a company's invitation): shown, not editable. */
  isEmailFixed?: boolean;
};

/** E-mail and password, the same two fields on both pages. */
export function CredentialFields({
  field,
  passwordAutoComplete,
  isEmailFixed = false,
}: CredentialFieldsProps) {
  return (
    <>
      <EmailField
        label="Correo electrónico"
        readOnly={isEmailFixed}
        hint={isEmailFixed ? 'Es el correo de la invitación.' : undefined}
        className={isEmailFixed ? 'bg-muted' : undefined}
        {...field('email')}
      />
      <InputField
        label="Contraseña"
        type="password"
        autoComplete={passwordAutoComplete}
        {...field('password')}
      />
    </>
  );
}

/** A card like the login's that says how something went (a link sent, used, refused). */
export function AuthNotice(props: Omit<ComponentProps<typeof NoticeCard>, 'role' | 'width'>) {
  return <NoticeCard role="status" {...props} />;
}
