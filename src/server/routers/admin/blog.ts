import { postIdInputSchema, postStatusInputSchema } from '@shared/schemas/blog';
import { pageInputSchema } from '@shared/schemas/page';
import { deletePost, getEditablePost, listAllPosts, setPostStatus } from '../../services/blog';
import { adminProcedure, router } from '../../trpc/init';

// Create and update carry a cover file, so they are multipart routes: src/server/http/blog-uploads.ts.
export const adminBlogRouter = router({
  list: adminProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => listAllPosts(ctx.db, input.page)),

  get: adminProcedure
    .input(postIdInputSchema)
    .query(({ ctx, input }) => getEditablePost(ctx.db, input.id)),

  setStatus: adminProcedure.input(postStatusInputSchema).mutation(async ({ ctx, input }) => {
    const result = await setPostStatus(ctx.db, input.id, input.status, ctx.session.user.id);
    // The public blog pages are cached with the catalogue's (see AppDeps.catalogChanged).
    await ctx.catalogChanged();
    return result;
  }),

  delete: adminProcedure.input(postIdInputSchema).mutation(async ({ ctx, input }) => {
    const result = await deletePost(ctx, input.id, ctx.session.user.id);
    await ctx.catalogChanged();
    return result;
  }),
});
