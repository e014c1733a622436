import { createFileRoute } from '@tanstack/react-router';
import { visitorPage } from '@client/features/auth/guards';
import { RegisterPage } from '@client/features/auth/register-page';

export const Route = createFileRoute('/_store/registro')({
  ...visitorPage({ title: 'Crear cuenta · Tienda', path: '/registro' }),
  component: function RegisterRoute() {
    const { redirect } = Route.useSearch();
    return <RegisterPage redirectTo={redirect} />;
  },
});
