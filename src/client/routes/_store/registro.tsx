import { createFileRoute } from '@tanstack/react-router';
import { parseAuthSearch } from '@shared/schemas/search-params';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { pageHead } from '@client/lib/seo';
import { redirectIfSignedIn } from '@client/features/auth/guards';
import { RegisterPage } from '@client/features/auth/register-page';

export const Route = createFileRoute('/_store/registro')({
  validateSearch: parseAuthSearch,
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  head: ({ matches }) => pageHead(matches, { title: 'Crear cuenta · Tienda', path: '/registro' }),
  pendingComponent: FullPageSpinner,
  component: function RegisterRoute() {
    const { redirect } = Route.useSearch();
    return <RegisterPage redirectTo={redirect} />;
  },
});
