import { createFileRoute } from '@tanstack/react-router';
import { LegalPagesPage } from '@client/features/dashboard-customers/legal-pages-page';
import { parseLegalPagesSearch } from '@shared/schemas/account-search-params';

export const Route = createFileRoute('/dashboard/paginas')({
  validateSearch: parseLegalPagesSearch,
  loaderDeps: ({ search }) => ({ slug: search.pagina ?? 'privacidad' }),
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.legalPages.get.queryOptions({ slug: deps.slug }),
    ),
  component: function LegalPagesRoute() {
    const { pagina } = Route.useSearch();
    return <LegalPagesPage slug={pagina ?? 'privacidad'} />;
  },
});
