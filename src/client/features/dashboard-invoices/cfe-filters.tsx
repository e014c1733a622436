import { ClearFilters, DayRangeFields, FilterSearch } from '@client/components/list-filters';
import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import {
  CFE_KIND_LABELS,
  CFE_KINDS,
  CFE_SEARCH_MAX,
  CFE_STATE_FILTER_LABELS,
  CFE_STATE_FILTER_VALUES,
} from '@shared/cfe';
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
      <FilterSearch
        id="buscar-comprobantes"
        term={search.q}
        maxLength={CFE_SEARCH_MAX}
        placeholder="Receptor, RUT, #orden o A-123"
        buttonLabel="Buscar comprobantes"
        onSearch={(q) => set({ q })}
      />
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
      <DayRangeFields range={search} onChange={set} />
      {hasCfeFilters(search) && <ClearFilters onClear={onClear} />}
    </div>
  );
}
