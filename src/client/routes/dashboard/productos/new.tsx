import { createFileRoute } from '@tanstack/react-router';
import { NewProductPage } from '@client/features/dashboard-products/product-form-pages';

export const Route = createFileRoute('/dashboard/productos/new')({
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(context.trpc.admin.taxonomies.options.queryOptions()),
  component: NewProductPage,
});
