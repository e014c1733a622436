import { orderIdInputSchema } from '@shared/schemas/order';
import { pageInputSchema } from '@shared/schemas/page';
import { getOrderDetail, listCustomerOrders } from '../services/order-queries';
import { customerProcedure, router } from '../trpc/init';

// Always filtered by the caller's own customer id: another customer's order id is NOT_FOUND.
export const accountRouter = router({
  orders: router({
    list: customerProcedure
      .input(pageInputSchema)
      .query(({ ctx, input }) => listCustomerOrders(ctx.db, ctx.session.customer.id, input.page)),
    get: customerProcedure
      .input(orderIdInputSchema)
      .query(({ ctx, input }) => getOrderDetail(ctx.db, input.id, ctx.session.customer.id)),
  }),
});
