import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { PhoneField } from '@client/components/ui/contact-input-fields';
import { InputField } from '@client/components/ui/form-field';
import { useTRPC } from '@client/lib/trpc';
import { type RegisterInput, registerInputSchema } from '@shared/schemas/auth';
import { AuthCard, CredentialFields } from './auth-card';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { useSignedIn } from '@client/lib/session';

export function RegisterPage({ redirectTo }: { redirectTo?: string }) {
  const trpc = useTRPC();
  const signedIn = useSignedIn(redirectTo);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { fullName: '', phone: '', email: '', password: '' },
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
      subtitle="Registrate para solicitar cotizaciones y seguir tus pedidos."
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
      <InputField label="Nombre completo" autoComplete="name" {...field('fullName')} />
      <PhoneField label="Celular" {...field('phone')} />
      <CredentialFields field={field} passwordAutoComplete="new-password" />
    </AuthCard>
  );
}
