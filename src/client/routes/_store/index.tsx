import { createFileRoute } from '@tanstack/react-router';
import { FEATURED_SEED } from '@client/features/home/featured-seed';
import { HomePage } from '@client/features/home/home-page';

export const Route = createFileRoute('/_store/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(
      context.trpc.catalog.featured.queryOptions({ sort: 'desc', seed: FEATURED_SEED }),
    );
  },
  component: HomePage,
});
