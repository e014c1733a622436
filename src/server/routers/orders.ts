import { messages } from '@shared/messages';
import { orderIdInputSchema, quoteRequestInputSchema } from '@shared/schemas/order';
import { getOrderDetail } from '../services/orders/order-queries';
import { currentDelivery, requestQuoteWithDelivery } from '../services/fulfilment/order-delivery';
import { reorderLines } from '../services/buying/reorder';
import { staffEmailOf } from '../config';
import { CHANGES_CATALOG, consumeOrRefuse, customerProcedure, router } from '../trpc/init';

export const ordersRouter = router({
  /** Checkout: the cart becomes a quote order (status Cotización) in one transaction. */
  requestQuote: customerProcedure
    .meta(CHANGES_CATALOG)
    .input(quoteRequestInputSchema)
    .mutation(async ({ ctx, input }) => {
      const customerId = ctx.session.customer.id;
      // Per customer, not per address: one account cannot hoard the stock by repetition.
      await consumeOrRefuse(ctx.quoteLimiter, `quote:${customerId}`, messages.tooManyQuotes);
      const { orderId } = await requestQuoteWithDelivery(
        ctx.db,
        ctx.outbox,
        { customerId, userId: ctx.session.user.id, email: ctx.session.user.email },
        input,
        {
          maxOpenQuotes: ctx.config.MAX_OPEN_QUOTES,
          staffEmail: staffEmailOf(ctx.config),
          config: ctx.config,
          now: ctx.clock.now(),
          store: await ctx.storeIdentity(),
        },
      );
      return { id: orderId };
    }),

  /** 'Volver a pedir': an order the caller may read (theirs or their company's), at their prices. */
  reorder: customerProcedure
    .input(orderIdInputSchema)
    .query(({ ctx, input }) =>
      reorderLines(ctx.db, ctx.session.customer.id, input.id, ctx.clock.now()),
    ),

  /** Thank-you page: only the caller's own order (admins read any through admin.orders.get). */
  get: customerProcedure.input(orderIdInputSchema).query(async ({ ctx, input }) => ({
    ...(await getOrderDetail(ctx.db, input.id, ctx.session.customer.id)),
    delivery: await currentDelivery(ctx.db, input.id),
  })),
});
