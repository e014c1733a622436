import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccountOrders } from '@client/features/account/account-orders';
import { AccountOrdersPage } from '@client/features/account/orders-list-page';
import { parseAccountOrdersSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/_store/account/pedidos/')({
  validateSearch: parseAccountOrdersSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => prefetchAccountOrders(context, deps.page),
  component: function AccountOrdersRoute() {
    const { page = 1 } = Route.useSearch();
    return <AccountOrdersPage page={page} />;
  },
});
