import { createFileRoute } from '@tanstack/react-router';
import { EditProductPage } from '@client/features/dashboard-products/product-form-pages';

export const Route = createFileRoute('/dashboard/productos/editar/$slug')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.prefetchQuery(
        context.trpc.admin.products.get.queryOptions({ slug: params.slug }),
      ),
      context.queryClient.prefetchQuery(context.trpc.admin.taxonomies.options.queryOptions()),
    ]),
  component: function EditProductRoute() {
    return <EditProductPage slug={Route.useParams().slug} />;
  },
});
