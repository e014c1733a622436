import { messages } from '@shared/messages';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  tokenInputSchema,
} from '@shared/schemas/account';
import { clientKeyOf } from '../rate-limits';
import { confirmEmail } from '../services/accounts/email-verification';
import { completePasswordReset, requestPasswordReset } from '../services/accounts/password-reset';
import { consumeOrRefuse, publicProcedure, rateLimited, router } from '../trpc/init';
import { mailContextOf } from './account/context';

const limitedProcedure = publicProcedure.use(rateLimited('auth'));

/** '¿Olvidaste tu contraseña?': ask for a link, then set the new password with it. */
export const passwordResetRouter = router({
  /**
   * Always the same answer, whether the address has an account or not. Limited per client
   * address and per address typed (counted for addresses without account too).
   */
  request: publicProcedure.input(passwordResetRequestSchema).mutation(async ({ ctx, input }) => {
    await consumeOrRefuse(
      ctx.accountMailAddressLimiter,
      `reset:${clientKeyOf(ctx.ip)}`,
      messages.resetTooMany,
    );
    await consumeOrRefuse(ctx.accountMailLimiter, `reset:${input.email}`, messages.resetTooMany);
    await requestPasswordReset(ctx.db, input.email, await mailContextOf(ctx));
    return { message: messages.resetRequested };
  }),

  /** The link's new password: every session of the account ends, this browser signs in anew. */
  complete: limitedProcedure.input(passwordResetSchema).mutation(async ({ ctx, input }) => {
    await completePasswordReset(ctx.db, input, await mailContextOf(ctx));
    return null;
  }),
});

/** The link of 'Confirmá tu correo' (or of a new address): no session needed, the token is. */
export const confirmEmailProcedure = limitedProcedure
  .input(tokenInputSchema)
  .mutation(({ ctx, input }) => confirmEmail(ctx.db, input.token, ctx.clock.now()));
