import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { NativeSelect } from '@client/components/ui/native-select';
import { useTRPC } from '@client/lib/trpc';
import { useMemberCardPrices } from '@client/lib/use-member-card-prices';
import { FEATURED_COUNT, type PriceSort } from '@shared/catalog-limits';
import { messages } from '@shared/client-messages';
import { BrowseShopButton } from './browse-shop-button';
import { ProductCard, ProductCardSkeleton, ProductGrid } from './product-card';
import { byMemberPrice } from './variants';

export function FeaturedProducts({ seed }: { seed: number }) {
  const trpc = useTRPC();
  const selectId = useId();
  const [sort, setSort] = useState<PriceSort>('desc');
  const query = useQuery({
    ...trpc.catalog.featured.queryOptions({ sort, seed }),
    placeholderData: keepPreviousData,
  });
  // A member's cards show, and are ordered by, their own price once it arrives (089).
  const memberPrices = useMemberCardPrices(query.data?.map((product) => product.id) ?? []);

  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Productos Destacados
          </h2>
          <p className="text-muted-foreground mt-1">Una selección de lo último en llegar.</p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-muted-foreground text-sm whitespace-nowrap">
            Ordenar por
          </label>
          <NativeSelect
            id={selectId}
            className="w-44"
            value={sort}
            onChange={(event) => setSort(event.target.value === 'asc' ? 'asc' : 'desc')}
          >
            <option value="desc">Mayor precio</option>
            <option value="asc">Menor precio</option>
          </NativeSelect>
        </div>
      </div>
      <QueryState
        query={query}
        pending={
          <ProductGrid>
            {Array.from({ length: FEATURED_COUNT }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </ProductGrid>
        }
        error={
          <EmptyState
            title={messages.productsLoadFailed}
            action={<Button onClick={() => void query.refetch()}>{messages.retry}</Button>}
          />
        }
      >
        {(products) => (
          <ProductGrid>
            {byMemberPrice(products, sort, memberPrices).map((product) => (
              <ProductCard key={product.id} product={product} memberPrices={memberPrices} />
            ))}
          </ProductGrid>
        )}
      </QueryState>
      <div className="mt-8 flex justify-center">
        <BrowseShopButton variant="outline">Ver todos los productos</BrowseShopButton>
      </div>
    </section>
  );
}
