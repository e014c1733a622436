import { createFileRoute } from '@tanstack/react-router';
import { AccountLayout } from '@client/features/account/account-layout';
import { personalPage, requireSession } from '@client/features/auth/guards';

export const Route = createFileRoute('/_store/account')({
  ...personalPage(requireSession),
  component: AccountLayout,
});
