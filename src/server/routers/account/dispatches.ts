import { confirmReceiptInputSchema } from '@shared/schemas/fulfilment';
import { confirmReceipt } from '../../services/fulfilment/deliveries';
import { customerProcedure, router } from '../../trpc/init';

/** The buyer's side of a dispatch: a dispatch of an order they may read, else NOT_FOUND. */
export const accountDispatchesRouter = router({
  /** 'Confirmar recepción': received today, by the caller. */
  confirmReceipt: customerProcedure.input(confirmReceiptInputSchema).mutation(({ ctx, input }) =>
    confirmReceipt(ctx.db, input.dispatchId, {
      customerId: ctx.session.customer.id,
      userId: ctx.session.user.id,
      fullName: ctx.session.customer.fullName,
      now: ctx.clock.now(),
    }),
  ),
});
