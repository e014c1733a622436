import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTRPC } from '@client/lib/trpc';
import { type LoginInput, loginInputSchema } from '@shared/schemas/auth';
import { AuthCard, CredentialFields } from './auth-card';
import { fieldBinder } from '@client/lib/form-fields';
import { showRefusal } from '@client/lib/refusals';
import { useSignedIn } from '@client/lib/session';

export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const trpc = useTRPC();
  const signedIn = useSignedIn(redirectTo);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: signedIn,
      onError: (error) => showRefusal(form, error),
    }),
  );

  return (
    <AuthCard
      title="Iniciar sesión"
      subtitle="¡Qué bueno tenerte de vuelta!"
      isPending={login.isPending}
      switchTo={{
        to: '/registro',
        label: '¿No tenés una cuenta? Registrate',
        redirect: redirectTo,
      }}
      onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}
      submitLabel="Iniciar sesión"
      extra={
        <p className="text-right text-sm">
          <Link to="/recuperar-contrasena" className="text-primary hover:underline">
            ¿Olvidaste tu contraseña?
          </Link>
        </p>
      }
    >
      <CredentialFields field={fieldBinder(form)} passwordAutoComplete="current-password" />
    </AuthCard>
  );
}
