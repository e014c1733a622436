import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccountOrders } from '@client/features/account/account-orders';
import { AccountOrdersPage } from '@client/features/account/orders-list-page';
import { parseAccountOrdersViewSearch } from '@shared/schemas/account-search-params';

export const Route = createFileRoute('/_store/account/pedidos/')({
  validateSearch: parseAccountOrdersViewSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, view: search.vista }),
  loader: ({ context, deps }) => prefetchAccountOrders(context, deps.page, deps.view),
  component: function AccountOrdersRoute() {
    const { page = 1, vista } = Route.useSearch();
    return <AccountOrdersPage page={page} view={vista} />;
  },
});
