import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '@client/features/catalog/shop-page';
import { shopListInputFromParams, shopSearchParamsSchema } from '@shared/schemas/catalog';

export const Route = createFileRoute('/_store/tienda')({
  validateSearch: (search) => shopSearchParamsSchema.parse(search),
  loaderDeps: ({ search }) => search,
  // Not awaited: the page renders at once and shows 'Cargando...' until the list arrives.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      context.trpc.catalog.list.queryOptions(shopListInputFromParams(deps)),
    );
  },
  component: function ShopRoute() {
    return <ShopPage params={Route.useSearch()} />;
  },
});
