import { createFileRoute } from '@tanstack/react-router';
import { orderIdParam } from '@client/features/account/account-orders';
import { prefetchAdminOrder } from '@client/features/dashboard-orders/admin-orders';
import { AdminOrderPage } from '@client/features/dashboard-orders/order-detail-page';

export const Route = createFileRoute('/dashboard/ordenes/$id')({
  loader: ({ context, params }) => prefetchAdminOrder(context, orderIdParam(params.id)),
  component: function AdminOrderRoute() {
    const { id } = Route.useParams();
    return <AdminOrderPage id={orderIdParam(id)} />;
  },
});
