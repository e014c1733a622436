import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '@client/features/catalog/shop-page';
import { taxonomyFilterOptions } from '@client/features/catalog/taxonomy-filter-query';
import { pageHead } from '@client/lib/seo';
import { shopListInputFromParams, parseShopSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/_store/tienda')({
  validateSearch: parseShopSearch,
  loaderDeps: ({ search }) => search,
  // Awaited so the server's HTML has the page of cards and the filters' first brands and
  // categories; a failure shows the page's (or the filter's) message.
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.catalog.list.queryOptions(shopListInputFromParams(deps))),
      queryClient.prefetchQuery(taxonomyFilterOptions(trpc, 'brand', 1)),
      queryClient.prefetchQuery(taxonomyFilterOptions(trpc, 'category', 1)),
    ]),
  head: ({ matches }) =>
    pageHead(matches, {
      title: 'Tienda · Catálogo de tecnología para empresas',
      description:
        'Notebooks, celulares, monitores, impresoras y redes para tu empresa, con precios + IVA. Filtrá por marca, categoría y precio.',
      path: '/tienda',
    }),
  component: function ShopRoute() {
    return <ShopPage params={Route.useSearch()} />;
  },
});
