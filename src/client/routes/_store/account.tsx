import { createFileRoute } from '@tanstack/react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { AccountLayout } from '@client/features/account/account-layout';
import { requireSession } from '@client/features/auth/guards';

export const Route = createFileRoute('/_store/account')({
  beforeLoad: ({ context, location }) => requireSession(context, location.href),
  pendingComponent: FullPageSpinner,
  component: AccountLayout,
});
