import { createFileRoute } from '@tanstack/react-router';
import { visitorPage } from '@client/features/auth/guards';
import { ForgotPasswordPage } from '@client/features/auth/forgot-password-page';

export const Route = createFileRoute('/_store/recuperar-contrasena')({
  ...visitorPage({ title: 'Recuperar contraseña · Tienda', path: '/recuperar-contrasena' }),
  component: ForgotPasswordPage,
});
