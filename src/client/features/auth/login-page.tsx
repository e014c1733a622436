import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { notify } from '@client/components/ui/toast';
import { errorMessage } from '@client/lib/errors';
import { useTRPC } from '@client/lib/trpc';
import { type LoginInput, loginInputSchema } from '@shared/schemas/auth';
import { AuthCard } from './auth-card';
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
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Iniciar sesión"
      subtitle="¡Que bueno tenerte de vuelta!"
      isPending={login.isPending}
      switchTo={{
        to: '/registro',
        label: '¿No tienes una cuenta? Regístrate',
        redirect: redirectTo,
      }}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}
      >
        <FormField label="Correo electrónico" htmlFor="email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Contraseña" htmlFor="password" error={errors.password?.message}>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        </FormField>
        <Button type="submit" className="w-full">
          Iniciar sesión
        </Button>
      </form>
    </AuthCard>
  );
}
