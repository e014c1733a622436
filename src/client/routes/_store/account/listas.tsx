import { createFileRoute } from '@tanstack/react-router';
import { PurchaseListsPage } from '@client/features/purchase-lists/lists-page';

export const Route = createFileRoute('/_store/account/listas')({
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.trpc.lists.list.queryOptions()),
  component: PurchaseListsPage,
});
