import { ClearFilters, DayRangeFields, FilterSearch } from '@client/components/list-filters';
import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { FULFILMENT_STATUSES } from '@shared/fulfilment';
import {
  DISPATCH_FILTER_PENDING,
  DISPATCH_FILTERS,
  isDayRangeReversed,
  ORDER_SEARCH_MAX,
} from '@shared/order-filters';
import { ORDER_STATUSES, orderStatusLabel } from '@shared/order-status';
import type { AdminOrdersSearch } from '@shared/schemas/search-params';

type Filters = Omit<AdminOrdersSearch, 'page'>;

export const hasFilters = (search: Filters) =>
  Boolean(search.q || search.desde || search.hasta || search.status || search.despacho);

/** Said at the field instead of asking the server, which would refuse it. */
export const isRangeReversed = (search: Filters) => isDayRangeReversed(search.desde, search.hasta);

/**
 * Search, date range, status and 'Despacho' of /dashboard/ordenes. Every change is a new URL
 * (a new history entry), so Back returns to the previous filters and a reload keeps them; the
 * text is sent with Enter or 'Buscar' rather than on every key. `onChange` gets only what changed:
 * the page applies it to the URL's current filters, which may be newer than `search`.
 */
export function OrdersFilters({
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
        id="buscar-ordenes"
        term={search.q}
        maxLength={ORDER_SEARCH_MAX}
        placeholder="Cliente, email, empresa o #número"
        buttonLabel="Buscar en Órdenes"
        onSearch={(q) => set({ q })}
      />
      <DayRangeFields range={search} onChange={set} />
      <FormField label="Filtrar por estado" htmlFor="filtro-estado">
        <NativeSelect
          id="filtro-estado"
          value={search.status ?? ''}
          onChange={(event) =>
            set({ status: ORDER_STATUSES.find((status) => status === event.target.value) })
          }
        >
          <option value="">Todos los estados</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Despacho" htmlFor="filtro-despacho">
        <NativeSelect
          id="filtro-despacho"
          value={search.despacho ?? ''}
          onChange={(event) =>
            set({ despacho: DISPATCH_FILTERS.find((filter) => filter === event.target.value) })
          }
        >
          <option value="">Todos</option>
          {FULFILMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
          <option value={DISPATCH_FILTER_PENDING}>Pendiente</option>
        </NativeSelect>
      </FormField>
      {hasFilters(search) && <ClearFilters onClear={onClear} />}
    </div>
  );
}
