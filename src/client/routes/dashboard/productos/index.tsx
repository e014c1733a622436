import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '@client/features/dashboard-products/products-page';
import { parseProductsSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/dashboard/productos/')({
  validateSearch: parseProductsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      context.trpc.admin.products.list.queryOptions({ page: deps.page ?? 1, search: deps.q ?? '' }),
    ),
  component: function ProductsRoute() {
    return <ProductsPage search={Route.useSearch()} />;
  },
});
