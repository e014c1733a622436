import type { RouterContext } from '@client/lib/router-context';

// Prefetches never throw: a failed load shows the page's own error state.
export const prefetchAccountOrders = (context: RouterContext, page: number, view?: 'empresa') =>
  Promise.all([
    view === 'empresa'
      ? context.queryClient.prefetchQuery(
          context.trpc.account.company.orders.queryOptions({ page }),
        )
      : context.queryClient.prefetchQuery(context.trpc.account.orders.list.queryOptions({ page })),
    // Whether the customer has a company: the page offers 'Todos los de la empresa' then.
    context.queryClient.prefetchQuery(context.trpc.account.profile.get.queryOptions()),
  ]);

export const prefetchAccountOrder = (context: RouterContext, id: number) =>
  context.queryClient.prefetchQuery(context.trpc.account.orders.get.queryOptions({ id }));
