import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '@client/features/company/members-page';

export const Route = createFileRoute('/_store/account/empresa/usuarios')({
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.trpc.account.company.members.queryOptions()),
  component: MembersPage,
});
