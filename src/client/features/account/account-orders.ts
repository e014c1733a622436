import type { RouterContext } from '@client/lib/router-context';
import { AWAITING_RECEIPT_FILTER } from '@shared/order-filters';
import type { AccountOrdersViewSearch } from '@shared/schemas/account-search-params';

/** The account.orders.list (or company.orders) input that a /account/pedidos URL stands for. */
export const accountOrdersInput = (search: AccountOrdersViewSearch) => ({
  page: search.page ?? 1,
  awaitingReceipt: search.filtro === AWAITING_RECEIPT_FILTER || undefined,
});

// Prefetches never throw: a failed load shows the page's own error state.
export const prefetchAccountOrders = (context: RouterContext, search: AccountOrdersViewSearch) =>
  Promise.all([
    search.vista === 'empresa'
      ? context.queryClient.prefetchQuery(
          context.trpc.account.company.orders.queryOptions(accountOrdersInput(search)),
        )
      : context.queryClient.prefetchQuery(
          context.trpc.account.orders.list.queryOptions(accountOrdersInput(search)),
        ),
    // Whether the customer has a company: the page offers 'Todos los de la empresa' then.
    context.queryClient.prefetchQuery(context.trpc.account.profile.get.queryOptions()),
  ]);

export const prefetchAccountOrder = (context: RouterContext, id: number) =>
  context.queryClient.prefetchQuery(context.trpc.account.orders.get.queryOptions({ id }));
