import {
  ADMIN_POSTS_PAGE_SIZE,
  adminPostsListInputSchema,
  postIdInputSchema,
  postStatusInputSchema,
} from '@shared/schemas/blog';
import { deletePost, getEditablePost, listAllPosts, setPostStatus } from '../../services/blog';
import { adminProcedure, router } from '../../trpc/init';

// Create and update carry a cover file, so they are multipart routes: src/server/http/blog-uploads.ts.
export const adminBlogRouter = router({
  list: adminProcedure
    .input(adminPostsListInputSchema)
    .query(({ ctx, input }) => listAllPosts(ctx.db, input.page, ADMIN_POSTS_PAGE_SIZE)),

  get: adminProcedure
    .input(postIdInputSchema)
    .query(({ ctx, input }) => getEditablePost(ctx.db, input.id)),

  setStatus: adminProcedure
    .input(postStatusInputSchema)
    .mutation(({ ctx, input }) => setPostStatus(ctx.db, input.id, input.status)),

  delete: adminProcedure
    .input(postIdInputSchema)
    .mutation(({ ctx, input }) => deletePost(ctx, input.id)),
});
