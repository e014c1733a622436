import { useNavigate } from '@tanstack/react-router';
import { PackageSearch } from 'lucide-react';
import { PageIntro } from '@client/components/layout/page-intro';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Pagination } from '@client/components/ui/pagination';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { useMemberCardPrices } from '@client/lib/use-member-card-prices';
import { SHOP_PAGE_SIZE } from '@shared/catalog-limits';
import { messages } from '@shared/client-messages';
import { type CappedPage, pageRange } from '@shared/page';
import { type ShopSearchParams, shopListInputFromParams } from '@shared/schemas/search-params';
import { ProductCard, ProductCardSkeleton, ProductGrid } from './product-card';
import { ShopFilters, type ShopUpdate } from './shop-filters';
import { ShopSearchBox, SortButtons } from './shop-toolbar';
import { useShopList } from './use-shop-list';

/** Cards in the grid's first row on a phone: their photos load at once, not lazily. */
const FIRST_ROW_ON_PHONE = 2;

/** Drops empty values so the URL only carries the filters in use. */
function cleanParams(params: ShopSearchParams): ShopSearchParams {
  return {
    search: params.search?.trim() || undefined,
    brands: params.brands?.length ? params.brands : undefined,
    categories: params.categories?.length ? params.categories : undefined,
    min: params.min,
    max: params.max,
    sort: params.sort,
    page: params.page && params.page > 1 ? params.page : undefined,
  };
}

export function ShopPage({ params }: { params: ShopSearchParams }) {
  const navigate = useNavigate({ from: '/tienda' });
  const query = useShopList(shopListInputFromParams(params));
  const { data } = query;
  const memberPrices = useMemberCardPrices(data?.items.map((product) => product.id) ?? []);

  // Each change is a history entry, so Back returns to the previous search. A filter change
  // starts again at page 1 and keeps the scroll position; a page change scrolls to the top.
  const update: ShopUpdate = (changes) =>
    void navigate({
      search: (previous) => cleanParams({ ...previous, page: undefined, ...changes }),
      resetScroll: 'page' in changes,
    });

  const page = params.page ?? 1;
  const isRefreshing = query.isFetching && query.isPlaceholderData;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <PageIntro
          title="Tienda"
          lead="Equipamiento tecnológico para empresas, con cotización sin compromiso."
        />
        <ShopSearchBox value={params.search} onSearch={(search) => update({ search })} />
      </header>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[240px_minmax(0,1fr)]">
        <ShopFilters params={params} onChange={update} />

        <section aria-labelledby="shop-results" className="min-w-0">
          <h2 className="sr-only">{messages.shopResultsHeading}</h2>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <p id="shop-results" className="text-sm font-medium" aria-live="polite">
              {data ? messages.shopProductsFound(data, params.search) : messages.loading}
            </p>
            <div className="flex items-center gap-3">
              {isRefreshing && <Spinner size="sm" label={messages.loading} />}
              <SortButtons sort={params.sort} onSort={(sort) => update({ sort })} />
            </div>
          </div>

          <QueryState
            query={query}
            pending={
              <div role="status" aria-label={messages.loading}>
                <p className="text-muted-foreground mb-4 text-sm">{messages.loading}</p>
                <ProductGrid columns={3}>
                  {Array.from({ length: 6 }, (_, index) => (
                    <ProductCardSkeleton key={index} />
                  ))}
                </ProductGrid>
              </div>
            }
            error={
              <EmptyState
                title={messages.productsLoadFailed}
                description={messages.checkConnection}
                action={<Button onClick={() => void query.refetch()}>{messages.retry}</Button>}
              />
            }
          >
            {(list) =>
              list.items.length === 0 && list.total > 0 ? (
                <PastTheEnd
                  list={list}
                  search={params.search}
                  onPage={(next) => update({ page: next })}
                />
              ) : list.items.length === 0 ? (
                <EmptyState
                  icon={PackageSearch}
                  title={messages.noProductsFound}
                  description={messages.noProductsFoundHint}
                  action={
                    <Button variant="outline" onClick={() => void navigate({ search: {} })}>
                      Ver todos los productos
                    </Button>
                  }
                />
              ) : (
                <div className={cn('transition-opacity', isRefreshing && 'opacity-60')}>
                  <ProductGrid columns={3}>
                    {list.items.map((product, index) => (
                      <ProductCard
                        key={product.id}
                        product={product}
                        isPriority={index < FIRST_ROW_ON_PHONE}
                        memberPrices={memberPrices}
                      />
                    ))}
                  </ProductGrid>
                  <Pagination
                    className="border-border mt-8 border-t pt-6"
                    page={page}
                    pageCount={list.pageCount}
                    summary={messages.shopShowing(
                      pageRange(page, SHOP_PAGE_SIZE, list.items.length),
                      list,
                    )}
                    onPage={(next) => update({ page: next })}
                  />
                  {list.isTotalCapped && page >= list.pageCount && (
                    <p className="text-muted-foreground mt-4 text-sm" role="note">
                      {messages.shopWindowEnd(list.total, params.search)}
                    </p>
                  )}
                </div>
              )
            }
          </QueryState>
        </section>
      </div>
    </div>
  );
}

/**
 * A page past the last one, typed by hand or kept from a longer list: no cards, where the list
 * ends, and why when it ends at the count's cap (docs/decisions/067-*.md).
 */
function PastTheEnd({
  list,
  search,
  onPage,
}: {
  list: CappedPage<unknown>;
  search?: string;
  onPage: (page: number) => void;
}) {
  return (
    <EmptyState
      icon={PackageSearch}
      title={messages.shopPageEmpty}
      description={
        list.isTotalCapped
          ? messages.shopWindowEnd(list.total, search)
          : messages.shopPageEmptyHint(list.pageCount)
      }
      action={
        <Button variant="outline" onClick={() => onPage(list.pageCount)}>
          {messages.goToPage(list.pageCount)}
        </Button>
      }
    />
  );
}
