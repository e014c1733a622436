import { createFileRoute } from '@tanstack/react-router';
import { StaffCustomerPage } from '@client/features/dashboard-customers/customer-page';
import { idParam } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/clientes/$id')({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.customers.get.queryOptions({ id: idParam(params.id) }),
    ),
  component: function StaffCustomerRoute() {
    const { id } = Route.useParams();
    return <StaffCustomerPage id={idParam(id)} />;
  },
});
