import {
  adminOrdersInputSchema,
  orderIdInputSchema,
  setOrderStatusInputSchema,
} from '@shared/schemas/order';
import { changeOrderStatus } from '../../services/order-status';
import { getOrderDetail, getStatusHistory, listAllOrders } from '../../services/order-queries';
import { adminProcedure, router } from '../../trpc/init';

export const adminOrdersRouter = router({
  /** Newest first, optionally one status only. */
  list: adminProcedure
    .input(adminOrdersInputSchema)
    .query(({ ctx, input }) => listAllOrders(ctx.db, input)),

  get: adminProcedure.input(orderIdInputSchema).query(async ({ ctx, input }) => {
    const [order, history] = await Promise.all([
      getOrderDetail(ctx.db, input.id),
      getStatusHistory(ctx.db, input.id),
    ]);
    return { ...order, history };
  }),

  setStatus: adminProcedure.input(setOrderStatusInputSchema).mutation(async ({ ctx, input }) => {
    const { id, status, isStockMoved } = await changeOrderStatus(ctx.db, {
      orderId: input.id,
      status: input.status,
      changedBy: ctx.session.user.id,
    });
    if (isStockMoved) await ctx.catalogChanged();
    return { id, status };
  }),
});
