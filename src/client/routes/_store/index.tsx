import { createFileRoute } from '@tanstack/react-router';
import { drawFeaturedSeed } from '@client/features/catalog/featured-seed';
import { HomePage } from '@client/features/catalog/home-page';
import { pageHead, STORE_TITLE } from '@client/lib/seo';

export const Route = createFileRoute('/_store/')({
  // Awaited so the server's HTML has the featured products and the brand logos; a failure
  // shows the section's own state instead (prefetch never throws). The seed travels to the
  // browser as loader data.
  loader: async ({ context }) => {
    const featuredSeed = drawFeaturedSeed();
    const { queryClient, trpc } = context;
    await Promise.all([
      queryClient.prefetchQuery(
        trpc.catalog.featured.queryOptions({ sort: 'desc', seed: featuredSeed }),
      ),
      queryClient.prefetchQuery(trpc.catalog.taxonomies.queryOptions({ kind: 'brand' })),
    ]);
    return { featuredSeed };
  },
  head: ({ matches }) => pageHead(matches, { title: STORE_TITLE, path: '/' }),
  component: function HomeRoute() {
    return <HomePage featuredSeed={Route.useLoaderData().featuredSeed} />;
  },
});
