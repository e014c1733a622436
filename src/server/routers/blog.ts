import { postSlugInputSchema } from '@shared/schemas/blog';
import { pageInputSchema } from '@shared/schemas/page';
import { getPublishedPost, listPublishedPosts } from '../services/content/blog';
import { publicProcedure, router } from '../trpc/init';

/** The public blog: published posts only (drafts are invisible by list and by slug). */
export const blogRouter = router({
  list: publicProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => listPublishedPosts(ctx.db, input.page)),

  get: publicProcedure
    .input(postSlugInputSchema)
    .query(({ ctx, input }) => getPublishedPost(ctx.db, input.slug)),
});
