import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldRefusal, type SavedRecord } from '@shared/form-refusal';
import { messages } from '@shared/messages';
import { POST_COVER_FIELD, postInputSchema } from '@shared/schemas/blog';
import { type CoverUpload, createPost, updatePost } from '../services/content/blog';
import type { AppDeps } from '../app-deps';
import { adminOf, FormRefusedError } from './admin-routes';
import { type FormParts, parseFormValue, readForm } from './form-reader';

/** The post's text fields (the shared schema) and its optional cover. */
function parsePostForm({ fields, files }: FormParts) {
  const post = parseFormValue(postInputSchema, fields);
  // A post has one cover: a second file, or a file under another name, is refused.
  const [file, ...others] = files;
  if (others.length > 0 || (file && file.partName !== POST_COVER_FIELD)) {
    throw new FormRefusedError(400, fieldRefusal(POST_COVER_FIELD, messages.oneCoverOnly));
  }
  const cover: CoverUpload | undefined = file && { fileName: file.fileName, data: file.data };
  return { post, cover };
}

const postIdParams = z.object({ id: z.coerce.number().int().positive() });
// changesCatalog: rendered blog pages are cached with the catalogue's pages (ssr/pages.ts).
const config = {
  imageField: POST_COVER_FIELD,
  unauthenticatedMessage: messages.postUnauthorized,
  changesCatalog: true,
};

/** Post create/update carry a cover image, so they are multipart routes beside tRPC. */
export function registerBlogUploadRoutes(scope: FastifyInstance, deps: AppDeps) {
  scope.post('/api/admin/posts', { config }, async (request, reply) => {
    const { post, cover } = parsePostForm(
      await readForm(scope, request, POST_COVER_FIELD, { tooManyFiles: messages.oneCoverOnly }),
    );
    const saved = await createPost(deps, post, adminOf(request).user.id, cover);
    return reply.code(201).send(saved satisfies SavedRecord);
  });

  scope.post('/api/admin/posts/:id', { config }, async (request, reply) => {
    const params = postIdParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: messages.postNotFound });
    const { post, cover } = parsePostForm(
      await readForm(scope, request, POST_COVER_FIELD, { tooManyFiles: messages.oneCoverOnly }),
    );
    const result = await updatePost(deps, params.data.id, post, adminOf(request).user.id, cover);
    if (!result.isOldCoverRemoved) {
      request.log.warn({ postId: result.id }, 'old cover files could not be removed');
    }
    return reply.send({ id: result.id, slug: result.slug } satisfies SavedRecord);
  });
}
