import { z } from 'zod';
import { idSchema, requiredText, slugLookupSchema } from './common';

export { BLOG_PAGE_SIZE } from '../blog-limits';
/** Teasers of twenty words (docs/decisions/010-page-sizes.md). */
export const BLOG_TEASER_WORDS = 20;
/** Posts per page of the dashboard table. */
export const ADMIN_POSTS_PAGE_SIZE = 10;

export const POST_TITLE_MAX = 200;
export const POST_CONTENT_MAX = 50_000;

export const POST_STATUSES = ['published', 'draft'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  published: 'Publicado',
  draft: 'Borrador',
};

export const postSlugInputSchema = z.object({ slug: slugLookupSchema });
export const postIdInputSchema = z.object({ id: idSchema });

export const postStatusInputSchema = z.object({
  id: idSchema,
  status: z.enum(POST_STATUSES),
});
export type PostStatusInput = z.infer<typeof postStatusInputSchema>;

/** Fields of the post form (the cover travels beside them as a file). */
export const postInputSchema = z.object({
  title: requiredText(
    POST_TITLE_MAX,
    'El título es obligatorio',
    'El título no debe exceder los 200 caracteres',
  ),
  content: requiredText(
    POST_CONTENT_MAX,
    'El contenido es obligatorio',
    'El contenido no debe exceder los 50.000 caracteres',
  ),
  status: z.enum(POST_STATUSES).default('published'),
});
export type PostInput = z.infer<typeof postInputSchema>;
export type PostFormValues = z.input<typeof postInputSchema>;

/** Name of the multipart file field holding a post's cover image. */
export const POST_COVER_FIELD = 'cover';
export const postSaveUrl = (postId?: number) =>
  postId === undefined ? '/api/admin/posts' : `/api/admin/posts/${postId}`;
