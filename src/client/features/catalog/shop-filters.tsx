import { useQueries } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { InputField } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import { amountAsNumber } from '@shared/money';
import { formatMoneyInput, parseMoneyInput } from '@shared/money-input';
import type { ShopSearchParams } from '@shared/schemas/search-params';
import type { TaxonomyKind } from '@shared/schemas/taxonomy';
import { taxonomyFilterOptions } from './taxonomy-filter-query';

/** How the filters ask the shop page to change its search (the page owns the URL). */
export type ShopUpdate = (changes: Partial<ShopSearchParams>) => void;

export function ShopFilters({
  params,
  onChange,
}: {
  params: ShopSearchParams;
  onChange: ShopUpdate;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const activeCount =
    (params.brands?.length ?? 0) +
    (params.categories?.length ?? 0) +
    (params.min !== undefined ? 1 : 0) +
    (params.max !== undefined ? 1 : 0);

  return (
    <aside aria-label="Filtros">
      <Button
        variant="outline"
        className="w-full lg:hidden"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filtros{activeCount > 0 ? ` (${activeCount})` : ''}
      </Button>
      <div
        id={panelId}
        className={cn(
          'border-border bg-card mt-3 flex-col gap-6 rounded-lg border p-5 lg:mt-0 lg:flex',
          isOpen ? 'flex' : 'hidden',
        )}
      >
        <TaxonomyFilter
          kind="brand"
          title="Marcas"
          selected={params.brands ?? []}
          onChange={(brands) => onChange({ brands })}
        />
        <TaxonomyFilter
          kind="category"
          title="Categorías"
          selected={params.categories ?? []}
          onChange={(categories) => onChange({ categories })}
        />
        <PriceFilter
          // A new URL (Back, "Limpiar filtros") replaces whatever was typed.
          key={`${params.min ?? ''}-${params.max ?? ''}`}
          min={params.min}
          max={params.max}
          onApply={(min, max) => onChange({ min, max })}
        />
        {activeCount > 0 && (
          <Button
            variant="ghost"
            onClick={() =>
              onChange({ brands: undefined, categories: undefined, min: undefined, max: undefined })
            }
          >
            Limpiar filtros
          </Button>
        )}
      </div>
    </aside>
  );
}

function TaxonomyFilter(props: {
  kind: TaxonomyKind;
  title: string;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const trpc = useTRPC();
  // 'Ver más' shows one more page below the ones already shown.
  const [pagesShown, setPagesShown] = useState(1);
  const query = useQueries({
    queries: Array.from({ length: pagesShown }, (_, index) =>
      taxonomyFilterOptions(trpc, props.kind, index + 1),
    ),
    combine: (results) => ({
      items: results.flatMap((result) => result.data?.items ?? []),
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
      hasNextPage: (results.at(-1)?.data?.pageCount ?? 0) > pagesShown,
    }),
  });
  const { items } = query;

  function toggle(id: number, isChecked: boolean) {
    props.onChange(
      isChecked ? [...props.selected, id] : props.selected.filter((other) => other !== id),
    );
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-semibold">{props.title}</legend>
      {query.isPending &&
        Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-5 w-3/4" />)}
      {query.isError && <p className="text-destructive text-sm">{messages.listLoadFailed}</p>}
      {items.map((item) => {
        const id = `${props.kind}-${item.id}`;
        return (
          <div key={item.id} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={props.selected.includes(item.id)}
              onCheckedChange={(checked) => toggle(item.id, checked === true)}
            />
            <Label htmlFor={id} weight="normal" className="cursor-pointer">
              {item.name}
            </Label>
          </div>
        );
      })}
      {query.hasNextPage && (
        <Button
          variant="link"
          size="flush-sm"
          className="self-start"
          disabled={query.isPending}
          onClick={() => setPagesShown((shown) => shown + 1)}
        >
          Ver más
        </Button>
      )}
    </fieldset>
  );
}

/**
 * '' means no bound (docs/product.md#tienda); else the amount as every money input reads it
 * ('1.200', '1150,50'), or its Spanish message.
 */
function readBound(text: string): { value?: number; error?: string } {
  if (!text.trim()) return {};
  const read = parseMoneyInput(text);
  return read.error === undefined ? { value: amountAsNumber(read.amount) } : { error: read.error };
}

/** A bound of the URL as the input shows it: 1200 -> '1.200'. */
const boundText = (bound: number | undefined) =>
  bound === undefined ? '' : formatMoneyInput(bound);

function PriceFilter(props: {
  min: number | undefined;
  max: number | undefined;
  onApply: (min: number | undefined, max: number | undefined) => void;
}) {
  const [min, setMin] = useState(boundText(props.min));
  const [max, setMax] = useState(boundText(props.max));
  // A bound's message shows once it is left or applied, not while it is being typed.
  const [checked, setChecked] = useState({ min: false, max: false });
  const minBound = readBound(min);
  const maxBound = readBound(max);
  const isInvalid = minBound.error !== undefined || maxBound.error !== undefined;

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked({ min: true, max: true });
        if (!isInvalid) props.onApply(minBound.value, maxBound.value);
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-semibold">Precio (US$)</legend>
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label="Mínimo"
            id="price-min"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={min}
            error={checked.min ? minBound.error : undefined}
            onChange={(event) => setMin(event.target.value)}
            onBlur={() => setChecked({ ...checked, min: true })}
          />
          <InputField
            label="Máximo"
            id="price-max"
            inputMode="decimal"
            autoComplete="off"
            value={max}
            error={checked.max ? maxBound.error : undefined}
            onChange={(event) => setMax(event.target.value)}
            onBlur={() => setChecked({ ...checked, max: true })}
          />
        </div>
      </fieldset>
      <Button type="submit" variant="secondary">
        Aplicar precio
      </Button>
    </form>
  );
}
