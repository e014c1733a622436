import { orderIdInputSchema, quoteRequestInputSchema } from '@shared/schemas/order';
import { getOrderDetail } from '../services/order-queries';
import { createQuoteOrder } from '../services/quote-orders';
import { customerProcedure, router } from '../trpc/init';

export const ordersRouter = router({
  /** Checkout: the cart becomes a quote order (status Cotización) in one transaction. */
  requestQuote: customerProcedure
    .input(quoteRequestInputSchema)
    .mutation(async ({ ctx, input }) => {
      const { orderId } = await createQuoteOrder(
        ctx.db,
        ctx.outbox,
        { customerId: ctx.session.customer.id, userId: ctx.session.user.id },
        input,
      );
      return { id: orderId };
    }),

  /** Thank-you page: only the caller's own order (admins read any through admin.orders.get). */
  get: customerProcedure
    .input(orderIdInputSchema)
    .query(({ ctx, input }) => getOrderDetail(ctx.db, input.id, ctx.session.customer.id)),
});
