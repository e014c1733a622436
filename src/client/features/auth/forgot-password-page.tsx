import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { EmailField } from '@client/components/ui/contact-input-fields';
import { showRefusal } from '@client/lib/refusals';
import { fieldBinder } from '@client/lib/form-fields';
import { useTRPC } from '@client/lib/trpc';
import { type PasswordResetRequest, passwordResetRequestSchema } from '@shared/schemas/account';
import { AuthCard, AuthNotice } from './auth-card';

/**
 * '¿Olvidaste tu contraseña?': the same answer whether the address has an account or not, so
 * the page never tells who is a customer.
 */
export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const request = useMutation(
    trpc.auth.passwordReset.request.mutationOptions({
      onError: (error) => showRefusal(form, error),
    }),
  );
  if (request.isSuccess) {
    return (
      <AuthNotice icon={MailCheck} title="Revisá tu correo">
        <p>{request.data.message}</p>
        <p>El enlace vale por 60 minutos y sirve una sola vez.</p>
        <Link to="/login" className="text-primary hover:underline">
          Volver a iniciar sesión
        </Link>
      </AuthNotice>
    );
  }
  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle="Escribí el correo de tu cuenta y te enviamos un enlace para crear una nueva."
      isPending={request.isPending}
      switchTo={{ to: '/login', label: 'Volver a iniciar sesión' }}
      onSubmit={(event) => void form.handleSubmit((values) => request.mutate(values))(event)}
      submitLabel="Enviarme el enlace"
    >
      <EmailField label="Correo electrónico" {...fieldBinder(form)('email')} />
    </AuthCard>
  );
}
