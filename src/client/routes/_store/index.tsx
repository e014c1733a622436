import { createFileRoute } from '@tanstack/react-router';
import { FEATURED_SEED } from '@client/features/catalog/featured-seed';
import { HomePage } from '@client/features/catalog/home-page';

export const Route = createFileRoute('/_store/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(
      context.trpc.catalog.featured.queryOptions({ sort: 'desc', seed: FEATURED_SEED }),
    );
  },
  component: HomePage,
});
