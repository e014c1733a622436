import { TRPCError } from '@trpc/server';
import { messages } from '@shared/messages';
import { cfeVerifyInputSchema } from '@shared/schemas/cfe-verify';
import { verifyCfe } from '../services/invoicing/cfe-verify';
import { publicProcedure, rateLimited, router } from '../trpc/init';

export const cfeRouter = router({
  /**
   * 'Verificar comprobante': anyone holding a printed CFE checks it here. Per-address limited,
   * as three guessed values would otherwise be a way to walk the store's documents
   * (docs/decisions/097-e-ticket-verification.md).
   */
  verify: publicProcedure
    .use(rateLimited('cfe-verify'))
    .input(cfeVerifyInputSchema)
    .query(async ({ ctx, input }) => {
      const document = await verifyCfe(ctx.db, input);
      if (!document)
        throw new TRPCError({ code: 'NOT_FOUND', message: messages.cfeVerifyNotFound });
      return document;
    }),
});
