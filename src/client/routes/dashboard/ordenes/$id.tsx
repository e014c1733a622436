import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '@shared/schemas/search-params';
import { prefetchAdminOrder } from '@client/features/dashboard-orders/admin-orders';
import { AdminOrderPage } from '@client/features/dashboard-orders/order-detail-page';

export const Route = createFileRoute('/dashboard/ordenes/$id')({
  loader: ({ context, params }) => prefetchAdminOrder(context, idParam(params.id)),
  component: function AdminOrderRoute() {
    const { id } = Route.useParams();
    return <AdminOrderPage id={idParam(id)} />;
  },
});
