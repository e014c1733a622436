import { createFileRoute } from '@tanstack/react-router';
import {
  adminOrdersSearchSchema,
  prefetchAdminOrders,
} from '@client/features/dashboard-orders/admin-orders';
import { AdminOrdersPage } from '@client/features/dashboard-orders/orders-table-page';

export const Route = createFileRoute('/dashboard/ordenes/')({
  validateSearch: adminOrdersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchAdminOrders(context, deps),
  component: function AdminOrdersRoute() {
    return <AdminOrdersPage search={Route.useSearch()} />;
  },
});
