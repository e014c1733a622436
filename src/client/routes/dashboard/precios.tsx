import { createFileRoute } from '@tanstack/react-router';
import { PriceRulesPage } from '@client/features/price-rules/price-rules-page';
import { parsePriceRulesSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/precios')({
  validateSearch: parsePriceRulesSearch,
  component: function PriceRulesRoute() {
    return <PriceRulesPage companyId={Route.useSearch().empresa} />;
  },
});
