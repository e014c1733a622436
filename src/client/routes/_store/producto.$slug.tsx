import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '@client/features/catalog/product-page';

export const Route = createFileRoute('/_store/producto/$slug')({
  // Not awaited: the page shows its spinner, then the product or 'Producto no encontrado'.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(
      context.trpc.catalog.get.queryOptions({ slug: params.slug }),
    );
  },
  component: function ProductRoute() {
    const { slug } = Route.useParams();
    return <ProductPage slug={slug} />;
  },
});
