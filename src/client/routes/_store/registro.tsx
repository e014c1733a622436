import { createFileRoute } from '@tanstack/react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { redirectIfSignedIn } from '@client/features/auth/guards';
import { authSearchSchema } from '@client/features/auth/redirect-target';
import { RegisterPage } from '@client/features/auth/register-page';

export const Route = createFileRoute('/_store/registro')({
  validateSearch: authSearchSchema,
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  pendingComponent: FullPageSpinner,
  component: function RegisterRoute() {
    const { redirect } = Route.useSearch();
    return <RegisterPage redirectTo={redirect} />;
  },
});
