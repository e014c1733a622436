import { tokenInputSchema } from '@shared/schemas/account';
import { acceptInvitation, getInvitation } from '../services/companies/company-invitations';
import { customerProcedure, publicProcedure, rateLimited, router } from '../trpc/init';

/** The link of a company's invitation: what it is, and joining with the invited account. */
export const invitationsRouter = router({
  /** Before signing in: the company and the address invited. */
  get: publicProcedure
    .use(rateLimited('auth'))
    .input(tokenInputSchema)
    .query(({ ctx, input }) => getInvitation(ctx.db, input.token, ctx.clock.now())),
  /** 'Unirme': only an account with the invited address. */
  accept: customerProcedure.input(tokenInputSchema).mutation(({ ctx, input }) =>
    acceptInvitation(
      ctx.db,
      {
        customerId: ctx.session.customer.id,
        userId: ctx.session.user.id,
        email: ctx.session.user.email,
      },
      input.token,
      ctx.clock.now(),
    ),
  ),
});
