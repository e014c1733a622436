import { createFileRoute } from '@tanstack/react-router';
import { parseAuthSearch } from '@shared/schemas/search-params';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { pageHead } from '@client/lib/seo';
import { redirectIfSignedIn } from '@client/features/auth/guards';
import { LoginPage } from '@client/features/auth/login-page';

export const Route = createFileRoute('/_store/login')({
  validateSearch: parseAuthSearch,
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  head: ({ matches }) => pageHead(matches, { title: 'Iniciar sesión · Tienda', path: '/login' }),
  pendingComponent: FullPageSpinner,
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirectTo={redirect} />;
  },
});
