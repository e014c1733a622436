import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { PhoneField } from '@client/components/ui/contact-input-fields';
import { InputField } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { type RegisterInput, registerInputSchema } from '@shared/schemas/auth';
import { AuthCard, CredentialFields } from './auth-card';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { useSignedIn } from '@client/lib/session';

/** A company's invitation the sign-up comes from: its link's token and what it says. */
type Invitation = { token: string; companyName: string; email: string };

/**
 * Sign-up; from a company's invitation it names the company and signs up the invited address,
 * which the server checks again. `invitationToken` is null for a plain sign-up and undefined
 * while the page cannot know yet (the token follows '#', which only the browser reads).
 */
export function RegisterPage({
  redirectTo,
  invitationToken,
}: {
  redirectTo?: string;
  invitationToken: string | null | undefined;
}) {
  const trpc = useTRPC();
  const invitation = useQuery({
    ...trpc.invitations.get.queryOptions({ token: invitationToken ?? '' }),
    enabled: Boolean(invitationToken),
    retry: false,
  });
  if (invitationToken === undefined || (invitationToken && invitation.isPending)) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" />
      </div>
    );
  }
  const invited =
    invitationToken && invitation.data ? { token: invitationToken, ...invitation.data } : undefined;
  return (
    <RegisterForm
      key={invited?.token ?? 'sin-invitacion'}
      redirectTo={redirectTo}
      invitation={invited}
      invitationError={invitation.isError ? errorMessage(invitation.error) : undefined}
    />
  );
}

function RegisterForm({
  redirectTo,
  invitation,
  invitationError,
}: {
  redirectTo?: string;
  invitation?: Invitation;
  invitationError?: string;
}) {
  const trpc = useTRPC();
  const signedIn = useSignedIn(redirectTo);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: {
      fullName: '',
      phone: '',
      email: invitation?.email ?? '',
      password: '',
      invitationToken: invitation?.token,
    },
  });
  // Sign-up answers the same whether the e-mail was free or not and opens no session, so the
  // page logs in with the same credentials: a new account lands signed in, an existing one
  // with another password gets the usual login failure.
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: signedIn,
      onError: (error) => showRefusal(form, error),
    }),
  );
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (_answer, values) =>
        login.mutate({ email: values.email, password: values.password }),
      onError: (error) => showRefusal(form, error),
    }),
  );
  const isPending = register.isPending || login.isPending;
  const field = fieldBinder(form);

  return (
    <AuthCard
      title="Crear cuenta"
      subtitle={
        invitation
          ? 'Creá tu cuenta con el correo invitado para pedir cotizaciones con la empresa.'
          : 'Registrate para solicitar cotizaciones y seguir tus pedidos.'
      }
      isPending={isPending}
      switchTo={{
        to: '/login',
        label: '¿Ya tenés una cuenta? Iniciá sesión',
        redirect: redirectTo,
      }}
      onSubmit={(event) => void form.handleSubmit((values) => register.mutate(values))(event)}
      submitLabel="Registrarme"
      extra={
        // The sign-up never says whether the address has an account
        // (docs/decisions/007-sign-up-answer.md); after the login's refusal it offers, to
        // anyone alike, the way back into an account of one's own.
        login.isError && (
          <p className="bg-muted rounded-md p-3 text-sm" role="status">
            Si ya tenés una cuenta con este correo, iniciá sesión con tu contraseña.{' '}
            <Link
              to="/recuperar-contrasena"
              className="text-primary font-medium underline underline-offset-4"
            >
              ¿Olvidaste tu contraseña?
            </Link>
          </p>
        )
      }
    >
      {invitation && (
        <p className="border-primary/20 bg-primary/5 flex items-start gap-3 rounded-lg border p-3 text-sm">
          <Building2 aria-hidden="true" className="text-primary mt-0.5 size-5 shrink-0" />
          <span>
            Te invitaron a sumarte a{' '}
            <strong className="font-semibold break-words">{invitation.companyName}</strong>
          </span>
        </p>
      )}
      {invitationError && (
        <p className="bg-muted rounded-md p-3 text-sm" role="status">
          {invitationError} Igual podés crear tu cuenta.
        </p>
      )}
      <InputField label="Nombre completo" autoComplete="name" {...field('fullName')} />
      <PhoneField label="Celular" {...field('phone')} />
      <CredentialFields
        field={field}
        passwordAutoComplete="new-password"
        // The invitation's address, as the server will check it: the link proved this mailbox.
        isEmailFixed={Boolean(invitation)}
      />
    </AuthCard>
  );
}
