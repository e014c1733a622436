import { Search, X } from 'lucide-react';
import { SEARCH_FIELD, SearchForm } from '@client/components/search-form';
import { Button, IconButton } from '@client/components/ui/button';
import { FormField, InputField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import {
  CFE_KIND_LABELS,
  CFE_KINDS,
  CFE_SEARCH_MAX,
  CFE_STATE_FILTER_LABELS,
  CFE_STATE_FILTER_VALUES,
} from '@shared/cfe';
import { messages } from '@shared/client-messages';
import { isDayRangeReversed } from '@shared/order-filters';
import type { CfeListSearch } from '@shared/schemas/search-params';

type Filters = Omit<CfeListSearch, 'page' | 'porPagina'>;

export const hasCfeFilters = (search: Filters) =>
  Boolean(search.q || search.tipo || search.estado || search.desde || search.hasta);

/** Said at the field instead of asking the server, which would refuse it. */
export const isCfeRangeReversed = (search: Filters) =>
  isDayRangeReversed(search.desde, search.hasta);

/**
 * Search, type, 'Estado DGI' and days of /dashboard/comprobantes, as the orders list's: each
 * change is a new URL, the text sent with Enter or 'Buscar'; `onChange` gets only what changed.
 */
export function CfeFilters({
  search,
  onChange: set,
  onClear,
}: {
  search: Filters;
  onChange: (patch: Filters) => void;
  onClear: () => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))] lg:items-start">
      <SearchForm
        className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1"
        onSearch={(term) => set({ q: term || undefined })}
      >
        <label htmlFor="buscar-comprobantes" className="text-sm leading-none font-medium">
          Buscar
        </label>
        <div className="flex gap-2">
          {/* Keyed by the URL's term: Back and 'Limpiar filtros' show the term they restore. */}
          <Input
            key={search.q ?? ''}
            id="buscar-comprobantes"
            name={SEARCH_FIELD}
            type="search"
            defaultValue={search.q ?? ''}
            maxLength={CFE_SEARCH_MAX}
            placeholder="Receptor, RUT, #orden o A-123"
          />
          <IconButton label="Buscar comprobantes" icon={Search} type="submit" variant="outline" />
        </div>
      </SearchForm>
      <FormField label="Tipo" htmlFor="filtro-tipo">
        <NativeSelect
          id="filtro-tipo"
          value={search.tipo ?? ''}
          onChange={(event) =>
            set({ tipo: CFE_KINDS.find((kind) => String(kind) === event.target.value) })
          }
        >
          <option value="">Todos los tipos</option>
          {CFE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CFE_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Estado DGI" htmlFor="filtro-estado-dgi">
        <NativeSelect
          id="filtro-estado-dgi"
          value={search.estado ?? ''}
          onChange={(event) =>
            set({
              estado: CFE_STATE_FILTER_VALUES.find((state) => state === event.target.value),
            })
          }
        >
          <option value="">Todos los estados</option>
          {CFE_STATE_FILTER_VALUES.map((state) => (
            <option key={state} value={state}>
              {CFE_STATE_FILTER_LABELS[state]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <InputField
        label="Desde"
        id="filtro-desde"
        type="date"
        value={search.desde ?? ''}
        max={search.hasta}
        onChange={(event) => set({ desde: event.target.value || undefined })}
      />
      <InputField
        label="Hasta"
        error={isCfeRangeReversed(search) ? messages.dayRangeReversed : undefined}
        id="filtro-hasta"
        type="date"
        value={search.hasta ?? ''}
        min={search.desde}
        onChange={(event) => set({ hasta: event.target.value || undefined })}
      />
      {hasCfeFilters(search) && (
        <div className="sm:col-span-2 lg:col-span-5">
          <Button type="button" variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" /> Limpiar filtros
          </Button>
        </div>
      )}
    </div>
  );
}
