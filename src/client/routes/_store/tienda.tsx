import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '@client/features/catalog/shop-page';
import { pageHead } from '@client/lib/seo';
import { shopListInputFromParams, parseShopSearch } from '@shared/schemas/search-params';

export const Route = createFileRoute('/_store/tienda')({
  validateSearch: parseShopSearch,
  loaderDeps: ({ search }) => search,
  // Awaited so the server's HTML has the page of cards; a failure shows the page's message.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      context.trpc.catalog.list.queryOptions(shopListInputFromParams(deps)),
    ),
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
