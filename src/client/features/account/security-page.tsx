import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField } from '@client/components/ui/contact-input-fields';
import { InputField } from '@client/components/ui/form-field';
import { notify } from '@client/lib/notify';
import { showRefusal } from '@client/lib/refusals';
import { fieldBinder } from '@client/lib/form-fields';
import { useTRPC } from '@client/lib/trpc';
import { accountMessages, unverifiedCapMessage } from '@shared/account-messages';
import {
  type ChangeEmailInput,
  type ChangePasswordInput,
  changeEmailSchema,
  changePasswordSchema,
} from '@shared/schemas/account';

/** 'Acceso y seguridad': the account's address and its password. */
export function SecurityPage() {
  const trpc = useTRPC();
  const { data: security } = useSuspenseQuery(trpc.account.security.get.queryOptions());
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Acceso y seguridad</h1>
        <p className="text-muted-foreground mt-1 text-sm">
          El correo con el que iniciás sesión y tu contraseña.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Correo electrónico</CardTitle>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="break-all">{security.email}</span>
            <Badge variant={security.isVerified ? 'soft-success' : 'soft-warning'}>
              {security.isVerified ? 'Confirmado' : 'Sin confirmar'}
            </Badge>
          </div>
          {security.heldUnitsCap ? (
            <p className="text-muted-foreground text-sm">
              {unverifiedCapMessage(security.heldUnitsCap)}
            </p>
          ) : null}
          {security.pendingEmail && (
            <p className="text-muted-foreground text-sm">
              Esperando que confirmes {security.pendingEmail} desde el enlace que te enviamos. Hasta
              entonces seguís iniciando sesión con {security.email}.
            </p>
          )}
        </CardHeader>
        <CardContent>
          <ChangeEmailForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Cambiar contraseña</CardTitle>
          <p className="text-muted-foreground text-sm">
            Seguís con la sesión abierta aquí; se cierran las de tus otros dispositivos.
          </p>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
    </div>
  );
}

function ChangeEmailForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', password: '' },
  });
  const change = useMutation(
    trpc.account.security.changeEmail.mutationOptions({
      onSuccess: async () => {
        notify.success(accountMessages.emailChangeRequested);
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.account.security.pathKey() });
      },
      onError: (error) => showRefusal(form, error),
    }),
  );
  const field = fieldBinder(form, { idPrefix: 'email-' });
  return (
    <TwoFieldForm
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      isPending={change.isPending}
      submitLabel="Cambiar correo"
    >
      <EmailField label="Correo nuevo" {...field('email')} />
      <InputField
        label="Tu contraseña"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
    </TwoFieldForm>
  );
}

function ChangePasswordForm() {
  const trpc = useTRPC();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useMutation(
    trpc.account.security.changePassword.mutationOptions({
      onSuccess: () => {
        notify.success(accountMessages.passwordChanged);
        form.reset();
      },
      onError: (error) => showRefusal(form, error),
    }),
  );
  const field = fieldBinder(form, { idPrefix: 'password-' });
  return (
    <TwoFieldForm
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      isPending={change.isPending}
      submitLabel="Cambiar contraseña"
    >
      <InputField
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <InputField
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        {...field('newPassword')}
      />
    </TwoFieldForm>
  );
}

type TwoFieldFormProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  isPending: boolean;
  submitLabel: string;
  /** The two fields, side by side from the small breakpoint up. */
  children: ReactNode;
};

/** Both cards' form: two fields in a row and the submit button under them. */
function TwoFieldForm({ onSubmit, isPending, submitLabel, children }: TwoFieldFormProps) {
  return (
    <form
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      onSubmit={(event) => void onSubmit(event)}
    >
      {children}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
