import { z } from 'zod';
import type { RouterContext } from '@client/routes/__root';

export const accountOrdersSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
});
export type AccountOrdersSearch = z.infer<typeof accountOrdersSearchSchema>;

// Prefetches never throw: a failed load shows the page's own error state.
export const prefetchAccountOrders = (context: RouterContext, page: number) =>
  context.queryClient.prefetchQuery(context.trpc.account.orders.list.queryOptions({ page }));

export const prefetchAccountOrder = (context: RouterContext, id: number) =>
  context.queryClient.prefetchQuery(context.trpc.account.orders.get.queryOptions({ id }));

/** A route param that is not a positive integer reads as 0, which no order has. */
export const orderIdParam = (value: string) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
