import { z } from 'zod';
import type { RouterContext } from '@client/routes/__root';
import { orderStatusSchema } from '@shared/schemas/order';

export const adminOrdersSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  status: orderStatusSchema.optional().catch(undefined),
});
export type AdminOrdersSearch = z.infer<typeof adminOrdersSearchSchema>;

export const prefetchAdminOrders = (context: RouterContext, search: AdminOrdersSearch) =>
  context.queryClient.prefetchQuery(context.trpc.admin.orders.list.queryOptions(search));

export const prefetchAdminOrder = (context: RouterContext, id: number) =>
  context.queryClient.prefetchQuery(context.trpc.admin.orders.get.queryOptions({ id }));
