import { createFileRoute } from '@tanstack/react-router';
import { parseAuthSearch } from '@shared/schemas/search-params';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { redirectIfSignedIn } from '@client/features/auth/guards';
import { LoginPage } from '@client/features/auth/login-page';

export const Route = createFileRoute('/_store/login')({
  validateSearch: parseAuthSearch,
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  pendingComponent: FullPageSpinner,
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirectTo={redirect} />;
  },
});
