import { orderIdInputSchema } from '@shared/schemas/order';
import {
  cancelRemainderInputSchema,
  deliveredInputSchema,
  dispatchInputSchema,
} from '@shared/schemas/fulfilment';
import { markDelivered } from '../../services/fulfilment/deliveries';
import { sitesForOrder } from '../../services/fulfilment/delivery-sites';
import { registerDispatch } from '../../services/fulfilment/dispatches';
import { pendingDispatchFigure } from '../../services/fulfilment/pending-dispatch';
import { cancelRemainder } from '../../services/fulfilment/remainder';
import { adminProcedure, CHANGES_CATALOG_IF_STOCK_MOVED, router } from '../../trpc/init';

/** An accepted order's goods (docs/decisions/082-dispatches-and-delivery-notes.md). */
export const adminDispatchesRouter = router({
  /** 'Registrar despacho': a back-ordered line takes its stock now, so the shop may change. */
  create: adminProcedure
    .meta(CHANGES_CATALOG_IF_STOCK_MOVED)
    .input(dispatchInputSchema)
    .mutation(async ({ ctx, input }) =>
      registerDispatch(ctx.db, input, {
        userId: ctx.session.user.id,
        store: await ctx.storeIdentity(),
        now: ctx.clock.now(),
      }),
    ),
  /** 'Marcar entregado'. */
  deliver: adminProcedure
    .input(deliveredInputSchema)
    .mutation(({ ctx, input }) =>
      markDelivered(ctx.db, input, { userId: ctx.session.user.id, now: ctx.clock.now() }),
    ),
  /** Cancels what has not left: its stock returns to the shop. */
  cancelRemainder: adminProcedure
    .meta(CHANGES_CATALOG_IF_STOCK_MOVED)
    .input(cancelRemainderInputSchema)
    .mutation(async ({ ctx, input }) =>
      cancelRemainder(ctx.db, input, {
        userId: ctx.session.user.id,
        store: await ctx.storeIdentity(),
        now: ctx.clock.now(),
      }),
    ),
  /** The order's customer's delivery sites (their company's book, or their own). */
  sites: adminProcedure
    .input(orderIdInputSchema)
    .query(({ ctx, input }) => sitesForOrder(ctx.db, input.id)),
  /** The dashboard's 'Por despachar': orders and their pending goods' worth before tax. */
  pending: adminProcedure.query(({ ctx }) => pendingDispatchFigure(ctx.db)),
});
