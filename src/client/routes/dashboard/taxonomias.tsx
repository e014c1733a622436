import { createFileRoute } from '@tanstack/react-router';
import { TaxonomiesPage } from '@client/features/taxonomies/taxonomies-page';

export const Route = createFileRoute('/dashboard/taxonomias')({
  loader: ({ context }) =>
    Promise.all(
      (['brand', 'category'] as const).map((kind) =>
        context.queryClient.prefetchQuery(
          context.trpc.admin.taxonomies.list.queryOptions({ kind, page: 1 }),
        ),
      ),
    ),
  component: TaxonomiesPage,
});
