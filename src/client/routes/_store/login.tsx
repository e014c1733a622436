import { createFileRoute } from '@tanstack/react-router';
import { visitorPage } from '@client/features/auth/guards';
import { LoginPage } from '@client/features/auth/login-page';

export const Route = createFileRoute('/_store/login')({
  ...visitorPage({ title: 'Iniciar sesión · Tienda', path: '/login' }),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirectTo={redirect} />;
  },
});
