import { createFileRoute } from '@tanstack/react-router';
import { loadOrNotFound } from '@client/lib/load-or-not-found';
import { ProductNotFound, ProductPage } from '@client/features/catalog/product-page';
import { productSeo } from '@client/features/catalog/product-seo';
import { absoluteUrlIn, loaderPageHead } from '@client/lib/seo';

export const Route = createFileRoute('/_store/producto/$slug')({
  // Awaited: the server's HTML carries the product and its similar ones, which come with it
  // (so the browser asks for nothing at load); an unknown slug answers 404.
  loader: async ({ context, params }) => {
    const product = await loadOrNotFound(() =>
      context.queryClient.ensureQueryData(
        context.trpc.catalog.get.queryOptions({ slug: params.slug }),
      ),
    );
    return productSeo(product, absoluteUrlIn(context));
  },
  head: (route) => loaderPageHead(route),
  notFoundComponent: ProductNotFound,
  component: function ProductRoute() {
    const { slug } = Route.useParams();
    return <ProductPage slug={slug} />;
  },
});
