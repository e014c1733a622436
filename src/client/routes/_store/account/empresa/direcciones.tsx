import { createFileRoute } from '@tanstack/react-router';
import { AddressesPage } from '@client/features/addresses/addresses-page';

export const Route = createFileRoute('/_store/account/empresa/direcciones')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.account.sites.list.queryOptions()),
  component: AddressesPage,
});
