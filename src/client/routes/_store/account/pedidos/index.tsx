import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccountOrders } from '@client/features/account/account-orders';
import { AccountOrdersPage } from '@client/features/account/orders-list-page';
import { parseAccountOrdersViewSearch } from '@shared/schemas/account-search-params';

export const Route = createFileRoute('/_store/account/pedidos/')({
  validateSearch: parseAccountOrdersViewSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchAccountOrders(context, deps),
  component: function AccountOrdersRoute() {
    return <AccountOrdersPage search={Route.useSearch()} />;
  },
});
