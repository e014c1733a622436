import { orderIdSchema } from '@shared/schemas/collections';
import { acceptedDocumentsOfOrder } from '../../services/invoicing/cfe-print';
import { getOrderDetail } from '../../services/orders/order-queries';
import { customerProcedure, router } from '../../trpc/init';

/**
 * The buyer's fiscal documents (docs/decisions/095-the-printed-cfe.md): those of an order they
 * read that DGI accepted, each downloaded as its printed CFE.
 */
export const accountInvoicesRouter = router({
  ofOrder: customerProcedure.input(orderIdSchema).query(async ({ ctx, input }) => {
    // NOT_FOUND first for an order the caller does not read (their own, their company's).
    await getOrderDetail(ctx.db, input.orderId, ctx.session.customer.id);
    return acceptedDocumentsOfOrder(ctx.db, input.orderId);
  }),
});
