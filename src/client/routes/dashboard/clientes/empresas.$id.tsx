import { createFileRoute } from '@tanstack/react-router';
import { StaffCompanyPage } from '@client/features/dashboard-customers/company-page';
import { CompanyPriceRules } from '@client/features/price-rules/company-price-rules';
import { idParam } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/clientes/empresas/$id')({
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.companies.get.queryOptions({ id: idParam(params.id) }),
    ),
  component: function StaffCompanyRoute() {
    const companyId = idParam(Route.useParams().id);
    return (
      <StaffCompanyPage
        id={companyId}
        prices={<CompanyPriceRules key={companyId} companyId={companyId} />}
      />
    );
  },
});
