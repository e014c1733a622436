import { postIdInputSchema, postStatusInputSchema } from '@shared/schemas/blog';
import { pageInputSchema } from '@shared/schemas/page';
import {
  deletePost,
  getEditablePost,
  listAllPosts,
  setPostStatus,
} from '../../services/content/blog';
import { adminProcedure, CHANGES_CATALOG, router } from '../../trpc/init';

// Create and update carry a cover file, so they are multipart routes: src/server/http/blog-uploads.ts.
export const adminBlogRouter = router({
  list: adminProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => listAllPosts(ctx.db, input.page)),

  get: adminProcedure
    .input(postIdInputSchema)
    .query(({ ctx, input }) => getEditablePost(ctx.db, input.id)),

  // The public blog pages are cached with the catalogue's: their writes clear it too.
  setStatus: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(postStatusInputSchema)
    .mutation(({ ctx, input }) =>
      setPostStatus(ctx.db, input.id, input.status, ctx.session.user.id),
    ),

  delete: adminProcedure
    .meta(CHANGES_CATALOG)
    .input(postIdInputSchema)
    .mutation(({ ctx, input }) => deletePost(ctx, input.id, ctx.session.user.id)),
});
