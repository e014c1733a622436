import { listIdInputSchema, purchaseListInputSchema } from '@shared/schemas/pricing';
import { buyerOf } from '../services/pricing/pricing';
import {
  createPurchaseList,
  deletePurchaseList,
  getPurchaseList,
  listPurchaseLists,
} from '../services/buying/purchase-lists';
import { customerProcedure, router } from '../trpc/init';

/** 'Listas de compra': the buyer's saved carts, read and written as the session's buyer. */
export const listsRouter = router({
  list: customerProcedure.query(async ({ ctx }) =>
    listPurchaseLists(ctx.db, await buyerOf(ctx.db, ctx.session.customer.id)),
  ),
  /** The list's lines at today's prices, for 'Agregar al carro'. */
  get: customerProcedure
    .input(listIdInputSchema)
    .query(async ({ ctx, input }) =>
      getPurchaseList(
        ctx.db,
        await buyerOf(ctx.db, ctx.session.customer.id),
        input.listId,
        ctx.clock.now(),
      ),
    ),
  /** 'Guardar como lista' of the cart. */
  create: customerProcedure
    .input(purchaseListInputSchema)
    .mutation(async ({ ctx, input }) =>
      createPurchaseList(ctx.db, await buyerOf(ctx.db, ctx.session.customer.id), input),
    ),
  delete: customerProcedure
    .input(listIdInputSchema)
    .mutation(async ({ ctx, input }) =>
      deletePurchaseList(ctx.db, await buyerOf(ctx.db, ctx.session.customer.id), input.listId),
    ),
});
