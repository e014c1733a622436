import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@client/features/dashboard-customers/customers-page';
import { parseStaffCustomersSearch } from '@shared/schemas/account-search-params';

export const Route = createFileRoute('/dashboard/clientes/')({
  validateSearch: parseStaffCustomersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const input = { page: deps.page ?? 1, search: deps.q };
    return deps.vista === 'empresas'
      ? context.queryClient.prefetchQuery(context.trpc.admin.companies.list.queryOptions(input))
      : context.queryClient.prefetchQuery(context.trpc.admin.customers.list.queryOptions(input));
  },
  component: function CustomersRoute() {
    return <CustomersPage search={Route.useSearch()} />;
  },
});
