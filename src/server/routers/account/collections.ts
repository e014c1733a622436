import { orderIdSchema } from '@shared/schemas/collections';
import { pendingCreditReview } from '../../services/collections/credit-reviews';
import { orderPayment } from '../../services/collections/payment-reads';
import { statementOf, statementPayerOf } from '../../services/collections/statement';
import { getOrderDetail } from '../../services/orders/order-queries';
import { customerProcedure, router } from '../../trpc/init';

/**
 * The buyer's side of collections (docs/decisions/084-payments-statement-and-receivables.md):
 * the payment of an order they read, and the 'Estado de cuenta' of their company (its
 * administrators) or of their own orders.
 */
export const accountCollectionsRouter = router({
  order: customerProcedure.input(orderIdSchema).query(async ({ ctx, input }) => {
    // NOT_FOUND first for an order the caller does not read (their own, their company's).
    await getOrderDetail(ctx.db, input.orderId, ctx.session.customer.id);
    return orderPayment(ctx.db, input.orderId, ctx.clock.now());
  }),
  /** The credit available when the order's acceptance went to the store; null when none waits. */
  creditHold: customerProcedure.input(orderIdSchema).query(async ({ ctx, input }) => {
    await getOrderDetail(ctx.db, input.orderId, ctx.session.customer.id);
    const review = await pendingCreditReview(ctx.db, input.orderId);
    return review && { available: review.available, requestedAt: review.requestedAt };
  }),
  statement: customerProcedure.query(async ({ ctx }) =>
    statementOf(ctx.db, await statementPayerOf(ctx.db, ctx.session.customer.id), ctx.clock.now()),
  ),
});
