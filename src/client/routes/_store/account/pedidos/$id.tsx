import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '@shared/schemas/search-params';
import { prefetchAccountOrder } from '@client/features/account/account-orders';
import { AccountOrderPage } from '@client/features/account/order-detail-page';

export const Route = createFileRoute('/_store/account/pedidos/$id')({
  loader: ({ context, params }) => prefetchAccountOrder(context, idParam(params.id)),
  component: function AccountOrderRoute() {
    const { id } = Route.useParams();
    return <AccountOrderPage id={idParam(id)} />;
  },
});
