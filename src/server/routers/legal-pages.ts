import { legalPageSlugSchema } from '@shared/schemas/legal-pages';
import { getLegalPage } from '../services/content/legal-pages';
import { publicProcedure, router } from '../trpc/init';

/** /privacidad and /terminos: rendered on the server and kept in the page cache. */
export const legalPagesRouter = router({
  get: publicProcedure
    .input(legalPageSlugSchema)
    .query(({ ctx, input }) => getLegalPage(ctx.db, input.slug)),
});
