import { createFileRoute } from '@tanstack/react-router';
import { CompanyPage } from '@client/features/account/company-page';

export const Route = createFileRoute('/_store/account/empresa/')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.account.profile.get.queryOptions()),
  component: CompanyPage,
});
