import { createFileRoute } from '@tanstack/react-router';
import {
  accountOrdersSearchSchema,
  prefetchAccountOrders,
} from '@client/features/account/account-orders';
import { AccountOrdersPage } from '@client/features/account/orders-list-page';

export const Route = createFileRoute('/_store/account/pedidos/')({
  validateSearch: accountOrdersSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => prefetchAccountOrders(context, deps.page),
  component: function AccountOrdersRoute() {
    const { page } = Route.useSearch();
    return <AccountOrdersPage page={page} />;
  },
});
