import { createFileRoute } from '@tanstack/react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { redirectIfSignedIn } from '@client/features/auth/guards';
import { LoginPage } from '@client/features/auth/login-page';
import { authSearchSchema } from '@client/features/auth/redirect-target';

export const Route = createFileRoute('/_store/login')({
  validateSearch: authSearchSchema,
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  pendingComponent: FullPageSpinner,
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirectTo={redirect} />;
  },
});
