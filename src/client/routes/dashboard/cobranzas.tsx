import { createFileRoute } from '@tanstack/react-router';
import { ReceivablesPage } from '@client/features/collections/receivables-page';
import { parsePageSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/cobranzas')({
  validateSearch: parsePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.admin.collections.receivables.queryOptions(deps)),
  component: function ReceivablesRoute() {
    return <ReceivablesPage page={Route.useLoaderDeps().page} />;
  },
});
