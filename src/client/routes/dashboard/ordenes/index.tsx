import { createFileRoute } from '@tanstack/react-router';
import { prefetchAdminOrders } from '@client/features/dashboard-orders/admin-orders';
import { AdminOrdersPage } from '@client/features/dashboard-orders/orders-table-page';
import { parseAdminOrdersSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/ordenes/')({
  validateSearch: parseAdminOrdersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchAdminOrders(context, deps),
  component: function AdminOrdersRoute() {
    return <AdminOrdersPage search={Route.useSearch()} />;
  },
});
