import { createFileRoute } from '@tanstack/react-router';
import { PayerAccount } from '@client/features/collections/payer-account';
import { StaffCustomerPage } from '@client/features/dashboard-customers/customer-page';
import { idParam } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/clientes/$id')({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.customers.get.queryOptions({ id: idParam(params.id) }),
    ),
  component: function StaffCustomerRoute() {
    const customerId = idParam(Route.useParams().id);
    return (
      <StaffCustomerPage
        key={customerId}
        id={customerId}
        account={<PayerAccount payer={{ customerId }} />}
      />
    );
  },
});
