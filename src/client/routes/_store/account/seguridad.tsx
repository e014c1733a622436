import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '@client/features/account/security-page';

export const Route = createFileRoute('/_store/account/seguridad')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.account.security.get.queryOptions()),
  component: SecurityPage,
});
