import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '@client/features/catalog/shop-page';
import { taxonomyFilterOptions } from '@client/features/catalog/taxonomy-filter-query';
import { prefetchShopList } from '@client/features/catalog/use-shop-list';
import { pageHead } from '@client/lib/seo';
import {
  parseShopSearch,
  shopListInputFromParams,
  type ShopSearchParams,
} from '@shared/schemas/search-params';

/**
 * A later page of the whole catalogue is a page of its own for search engines (their advice:
 * don't point every page at the first); a filtered, sorted or searched view points at the
 * catalogue itself, so thousands of combinations don't compete with it.
 */
function shopCanonicalPath({ page, ...rest }: ShopSearchParams): string {
  const isWholeCatalogue = Object.values(rest).every(
    (value) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0),
  );
  return isWholeCatalogue && page && page > 1 ? `/tienda?page=${page}` : '/tienda';
}

export const Route = createFileRoute('/_store/tienda')({
  validateSearch: parseShopSearch,
  loaderDeps: ({ search }) => search,
  // Awaited so the server's HTML has the page of cards and the filters' first brands and
  // categories; a failure shows the page's (or the filter's) message.
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      prefetchShopList(queryClient, trpc, shopListInputFromParams(deps)),
      queryClient.prefetchQuery(taxonomyFilterOptions(trpc, 'brand', 1)),
      queryClient.prefetchQuery(taxonomyFilterOptions(trpc, 'category', 1)),
    ]),
  head: ({ matches, match }) =>
    pageHead(matches, {
      title: 'Tienda · Catálogo de tecnología para empresas',
      description:
        'Notebooks, celulares, monitores, impresoras y redes para tu empresa, con precios + IVA. Filtrá por marca, categoría y precio.',
      path: shopCanonicalPath(match.search),
    }),
  component: function ShopRoute() {
    return <ShopPage params={Route.useSearch()} />;
  },
});
