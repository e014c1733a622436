import { heldUnitsCapInputSchema } from '@shared/schemas/customer';
import { setHeldUnitsCap } from '../../services/held-units';
import { adminProcedure, router } from '../../trpc/init';

export const adminCustomersRouter = router({
  /** Staff's own cap of the units this customer may hold in open quotes (null: the store's). */
  setHeldUnitsCap: adminProcedure
    .input(heldUnitsCapInputSchema)
    .mutation(({ ctx, input }) => setHeldUnitsCap(ctx.db, input, { userId: ctx.session.user.id })),
});
