import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import { QueryState } from '@client/components/query-state';
import { SEARCH_FIELD, SearchForm } from '@client/components/search-form';
import { Button, IconButton } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Pagination } from '@client/components/ui/pagination';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@client/components/ui/sheet';
import { Spinner } from '@client/components/ui/spinner';
import { ProductImage } from '@client/components/product-image';
import { useTRPC } from '@client/lib/trpc';
import { useMyPrices } from '@client/lib/use-my-prices';
import { YourPrice } from '@client/components/your-price';
import { useUiStore } from '@client/stores/ui';
import { messages } from '@shared/client-messages';

/** The search side sheet; its state lives only while it is open. */
export function SearchSheet() {
  const isOpen = useUiStore((state) => state.isSheetOpen && state.sheetContent === 'search');
  const closeSheet = useUiStore((state) => state.closeSheet);
  return (
    <Sheet open={isOpen} onOpenChange={(open) => !open && closeSheet()}>
      <SheetContent layout="sections" aria-describedby={undefined}>
        <SheetHeader variant="bar">
          <SheetTitle>Buscar productos</SheetTitle>
        </SheetHeader>
        {isOpen && <SearchPanel onNavigate={closeSheet} />}
      </SheetContent>
    </Sheet>
  );
}

function SearchPanel({ onNavigate }: { onNavigate: () => void }) {
  const trpc = useTRPC();
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...trpc.catalog.search.queryOptions({ term, page }),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
  const { data } = query;
  // Each row is a variant: the member's price of one unit, after hydration (signed in only).
  const myPrices = useMyPrices(
    data?.items.map((result) => ({ variantId: result.variantId, quantity: 1 })) ?? [],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <SearchForm
        className="flex gap-2 p-6 pb-4"
        onSearch={(typed) => {
          // A blank search is ignored.
          if (!typed) return;
          setTerm(typed);
          setPage(1);
        }}
      >
        <Input
          name={SEARCH_FIELD}
          type="search"
          autoFocus
          aria-label="¿Qué estás buscando?"
          placeholder="¿Qué estás buscando?"
        />
        <IconButton label="Buscar" icon={Search} type="submit" />
      </SearchForm>

      <div className="flex-1 overflow-y-auto px-6" aria-live="polite">
        {term === '' ? (
          <p className="text-muted-foreground py-8 text-center text-sm">{messages.searchPrompt}</p>
        ) : (
          <QueryState
            query={query}
            pending={
              <div className="flex justify-center py-8">
                <Spinner label={messages.searching} />
              </div>
            }
            error={
              <p className="text-destructive py-8 text-center text-sm">{messages.searchFailed}</p>
            }
          >
            {({ items }) =>
              items.length === 0 ? (
                <p className="text-muted-foreground py-8 text-center text-sm">
                  {messages.noSearchResults}
                </p>
              ) : (
                <ul className={query.isFetching ? 'opacity-60' : undefined}>
                  {items.map((result) => (
                    <SearchResultItem
                      key={result.variantId}
                      result={result}
                      unitPrice={
                        myPrices?.find((line) => line.variantId === result.variantId)?.unitPrice
                      }
                      onNavigate={onNavigate}
                    />
                  ))}
                </ul>
              )
            }
          </QueryState>
        )}
      </div>

      {data && (data.pageCount > 1 || data.isTotalCapped) && (
        <Pagination
          className="border-border border-t p-6"
          page={page}
          pageCount={data.pageCount}
          summary={messages.searchResultsCount(data)}
          onPage={setPage}
        />
      )}
      {data?.isTotalCapped && page >= data.pageCount && (
        <p className="text-muted-foreground px-6 pb-4 text-sm" role="note">
          {messages.searchWindowEnd}
        </p>
      )}
      {term !== '' && (
        <div className="border-border border-t p-6 pt-4">
          <Button asChild variant="link" size="flush">
            <Link to="/tienda" search={{ search: term }} onClick={onNavigate}>
              Ver todos los resultados en la tienda
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}

type SearchResult = inferRouterOutputs<AppRouter>['catalog']['search']['items'][number];

function SearchResultItem({
  result,
  unitPrice,
  onNavigate,
}: {
  result: SearchResult;
  /** The signed-in buyer's price of one unit; 'Tu precio' when it is below list. */
  unitPrice: string | undefined;
  onNavigate: () => void;
}) {
  return (
    <li>
      <Link
        to="/producto/$slug"
        params={{ slug: result.slug }}
        onClick={onNavigate}
        className="hover:bg-muted focus-visible:ring-ring -mx-2 flex items-center gap-3 rounded-md p-2 focus-visible:ring-2 focus-visible:outline-none"
      >
        <ProductImage
          src={result.image}
          alt=""
          sizes="56px"
          placeholderBackground="none"
          className="border-border size-14 shrink-0 rounded-md border bg-white p-1"
        />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="line-clamp-2 text-sm font-semibold">{result.name}</span>
          <span className="text-muted-foreground truncate text-xs">
            {result.storage} / {result.colorName} · {result.sku}
          </span>
        </span>
        <span className="shrink-0 text-right text-sm font-bold">
          <YourPrice
            listPrice={result.price}
            unitPrice={unitPrice}
            align="end"
            isStacked
            noteClassName="block"
          />
        </span>
      </Link>
    </li>
  );
}
