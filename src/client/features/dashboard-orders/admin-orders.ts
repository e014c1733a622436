import { DEFAULT_DESK_PAGE_SIZE } from '@shared/staff-desk';
import type { RouterContext } from '@client/lib/router-context';
import { isDayRangeReversed } from '@shared/order-filters';
import { type AdminOrdersSearch, adminOrdersFilterFromParams } from '@shared/schemas/search-params';

/** The admin.orders.list input that an orders-list URL stands for. */
export const adminOrdersInput = (search: AdminOrdersSearch) => ({
  ...adminOrdersFilterFromParams(search),
  page: search.page ?? 1,
  pageSize: search.porPagina ?? DEFAULT_DESK_PAGE_SIZE,
  mine: search.mias === true,
});

/** 'Exportar CSV' of the orders the page's filters select: the same URL state, as a query. */
export function ordersCsvHref(search: AdminOrdersSearch) {
  const params = new URLSearchParams();
  for (const key of ['q', 'desde', 'hasta', 'status', 'despacho'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return `/api/admin/orders.csv${query ? `?${query}` : ''}`;
}

export async function prefetchAdminOrders(context: RouterContext, search: AdminOrdersSearch) {
  // A reversed range is refused by the server; the page says so at the field instead.
  if (isDayRangeReversed(search.desde, search.hasta)) return;
  await context.queryClient.prefetchQuery(
    context.trpc.admin.orders.list.queryOptions(adminOrdersInput(search)),
  );
}

export const prefetchAdminOrder = (context: RouterContext, id: number) =>
  context.queryClient.prefetchQuery(context.trpc.admin.orders.get.queryOptions({ id }));
