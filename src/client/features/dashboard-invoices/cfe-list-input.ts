import type { RouterContext } from '@client/lib/router-context';
import { isDayRangeReversed } from '@shared/order-filters';
import { type CfeListSearch, cfeListFilterFromParams } from '@shared/schemas/search-params';
import { DEFAULT_DESK_PAGE_SIZE } from '@shared/staff-desk';

/** The admin.invoices.list input that a 'Comprobantes' URL stands for. */
export const cfeListInput = (search: CfeListSearch) => ({
  ...cfeListFilterFromParams(search),
  page: search.page ?? 1,
  pageSize: search.porPagina ?? DEFAULT_DESK_PAGE_SIZE,
});

/** 'Exportar CSV' of every document the page's filters select: the same URL state, as a query. */
export function cfeCsvHref(search: CfeListSearch) {
  const params = new URLSearchParams();
  for (const key of ['q', 'tipo', 'estado', 'desde', 'hasta'] as const) {
    const value = search[key];
    if (value) params.set(key, String(value));
  }
  const query = params.toString();
  return `/api/admin/comprobantes.csv${query ? `?${query}` : ''}`;
}

export async function prefetchCfeList(context: RouterContext, search: CfeListSearch) {
  // A reversed range is refused by the server; the page says so at the field instead.
  if (isDayRangeReversed(search.desde, search.hasta)) return;
  await context.queryClient.prefetchQuery(
    context.trpc.admin.invoices.list.queryOptions(cfeListInput(search)),
  );
}
