import { createFileRoute } from '@tanstack/react-router';
import { prefetchCfeList } from '@client/features/dashboard-invoices/cfe-list-input';
import { CfeListPage } from '@client/features/dashboard-invoices/cfe-list-page';
import { parseCfeListSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/comprobantes')({
  validateSearch: parseCfeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchCfeList(context, deps),
  component: function CfeListRoute() {
    return <CfeListPage search={Route.useSearch()} />;
  },
});
