import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '@client/features/catalog/shop-page';
import { shopListInputFromParams, parseShopSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/_store/tienda')({
  validateSearch: parseShopSearch,
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
