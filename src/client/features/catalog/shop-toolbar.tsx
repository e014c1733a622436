import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import type { PriceSort } from '@shared/catalog-limits';

/** The search applies 500 ms after the last keystroke (or at once on Enter). */
const SEARCH_DEBOUNCE_MS = 500;

export function ShopSearchBox({
  value,
  onSearch,
}: {
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [shownValue, setShownValue] = useState(value);
  // Back/Forward change the URL under the input: show the restored term.
  if (value !== shownValue) {
    setShownValue(value);
    if (draft.trim() !== (value ?? '')) setDraft(value ?? '');
  }

  const term = draft.trim();
  const search = useEffectEvent((next: string) => onSearch(next || undefined));
  useEffect(() => {
    if (term === (value ?? '')) return;
    const timer = setTimeout(() => search(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, value]);

  return (
    <form
      role="search"
      className="relative w-full md:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (term !== (value ?? '')) onSearch(term || undefined);
      }}
    >
      <Search
        aria-hidden="true"
        className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
      />
      <Input
        type="search"
        aria-label="Buscar productos por nombre"
        placeholder="Buscar productos por nombre"
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      {draft && (
        <button
          type="button"
          aria-label="Borrar búsqueda"
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 focus-visible:ring-2 focus-visible:outline-none"
          onClick={() => setDraft('')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </form>
  );
}

const SORTS = [
  { value: 'asc', label: 'Menor precio', icon: ArrowUpNarrowWide },
  { value: 'desc', label: 'Mayor precio', icon: ArrowDownWideNarrow },
] as const;

/** Price sort toggles; pressing the active one goes back to no sort (the default). */
export function SortButtons({
  sort,
  onSort,
}: {
  sort: PriceSort | undefined;
  onSort: (sort: PriceSort | undefined) => void;
}) {
  return (
    <div role="group" aria-label="Ordenar por precio" className="flex gap-2">
      {SORTS.map((option) => {
        const isActive = sort === option.value;
        const Icon = option.icon;
        return (
          <Button
            key={option.value}
            size="sm"
            variant={isActive ? 'default' : 'outline'}
            aria-pressed={isActive}
            onClick={() => onSort(isActive ? undefined : option.value)}
          >
            <Icon aria-hidden="true" />
            {option.label}
          </Button>
        );
      })}
    </div>
  );
}
