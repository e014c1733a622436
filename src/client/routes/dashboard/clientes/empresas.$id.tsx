import { createFileRoute } from '@tanstack/react-router';
import { CompanyCredit } from '@client/features/collections/company-credit';
import { PayerAccount } from '@client/features/collections/payer-account';
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
        key={companyId}
        id={companyId}
        account={
          <>
            <CompanyCredit companyId={companyId} />
            <PayerAccount payer={{ companyId }} />
          </>
        }
        prices={<CompanyPriceRules companyId={companyId} />}
      />
    );
  },
});
