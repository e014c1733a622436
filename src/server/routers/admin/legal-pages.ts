import { legalPageInputSchema, legalPageSlugSchema } from '@shared/schemas/legal-pages';
import { getLegalPage, saveLegalPage } from '../../services/content/legal-pages';
import { adminProcedure, CHANGES_CATALOG, router } from '../../trpc/init';

export const adminLegalPagesRouter = router({
  get: adminProcedure
    .input(legalPageSlugSchema)
    .query(({ ctx, input }) => getLegalPage(ctx.db, input.slug)),
  /** The pages are server-rendered and cached: saving clears the page cache like the shop's. */
  update: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(legalPageInputSchema)
    .mutation(({ ctx, input }) =>
      saveLegalPage(ctx.db, input, { userId: ctx.session.user.id }, ctx.clock.now()),
    ),
});
