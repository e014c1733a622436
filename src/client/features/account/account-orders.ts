import type { RouterContext } from '@client/lib/router-context';

// Prefetches never throw: a failed load shows the page's own error state.
export const prefetchAccountOrders = (context: RouterContext, page: number) =>
  context.queryClient.prefetchQuery(context.trpc.account.orders.list.queryOptions({ page }));

export const prefetchAccountOrder = (context: RouterContext, id: number) =>
  context.queryClient.prefetchQuery(context.trpc.account.orders.get.queryOptions({ id }));
