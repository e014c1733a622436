import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '@client/features/dashboard-products/products-page';
import { productsSearchSchema } from '@client/features/dashboard-products/products-search';

export const Route = createFileRoute('/dashboard/productos/')({
  validateSearch: (search) => productsSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.products.list.queryOptions({ page: deps.page ?? 1, search: deps.q ?? '' }),
    ),
  component: function ProductsRoute() {
    return <ProductsPage search={Route.useSearch()} />;
  },
});
