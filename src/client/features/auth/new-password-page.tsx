import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InputField } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { notify } from '@client/lib/notify';
import { readRefusal, showRefusal } from '@client/lib/refusals';
import { fieldBinder } from '@client/lib/form-fields';
import { useHashToken } from '@client/lib/use-hash-token';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages } from '@shared/account-messages';
import { passwordResetSchema } from '@shared/schemas/account';
import { PASSWORD_MIN_LENGTH } from '@shared/schemas/auth';
import { AuthCard, AuthNotice } from './auth-card';

const newPasswordSchema = passwordResetSchema.pick({ password: true });
type NewPassword = z.infer<typeof newPasswordSchema>;

const hasFieldRefusal = (error: unknown) => Object.keys(readRefusal(error).fieldErrors).length > 0;

/** The link's page: a new password for the account; every session of it ends. */
export function NewPasswordPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const token = useHashToken();
  const form = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  });
  const complete = useMutation(
    trpc.auth.passwordReset.complete.mutationOptions({
      onSuccess: async () => {
        notify.success(accountMessages.resetDone);
        await navigate({ to: '/login' });
      },
      // A refusal of the password stays on the form; any other means the link no longer works.
      onError: (error) => {
        if (hasFieldRefusal(error)) showRefusal(form, error);
      },
    }),
  );
  if (token === undefined) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" />
      </div>
    );
  }
  if (token === null || (complete.error && !hasFieldRefusal(complete.error))) {
    return (
      <AuthNotice icon={LinkIcon} title="Enlace no válido" tone="destructive">
        <p>
          {complete.error ? readRefusal(complete.error).message : accountMessages.resetLinkInvalid}
        </p>
        <Link to="/recuperar-contrasena" className="text-primary hover:underline">
          Pedir un enlace nuevo
        </Link>
      </AuthNotice>
    );
  }
  return (
    <AuthCard
      title="Creá una contraseña nueva"
      subtitle="Al guardarla se cierran todas las sesiones abiertas de tu cuenta."
      isPending={complete.isPending}
      switchTo={{ to: '/login', label: 'Volver a iniciar sesión' }}
      onSubmit={(event) =>
        void form.handleSubmit((values) => complete.mutate({ token, password: values.password }))(
          event,
        )
      }
      submitLabel="Guardar contraseña"
    >
      <InputField
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        {...fieldBinder(form)('password')}
      />
      <p className="text-muted-foreground flex items-center gap-2 text-sm">
        <KeyRound aria-hidden="true" className="size-4" /> Al menos {PASSWORD_MIN_LENGTH} caracteres
        y que no sea de las más usadas.
      </p>
    </AuthCard>
  );
}
