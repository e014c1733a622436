import type { RouterContext } from '@client/lib/router-context';
import type { AdminOrdersSearch } from '@shared/schemas/search-params';

export const prefetchAdminOrders = (context: RouterContext, search: AdminOrdersSearch) =>
  context.queryClient.prefetchQuery(context.trpc.admin.orders.list.queryOptions(search));

export const prefetchAdminOrder = (context: RouterContext, id: number) =>
  context.queryClient.prefetchQuery(context.trpc.admin.orders.get.queryOptions({ id }));
