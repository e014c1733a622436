import type { Multipart } from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { POST_COVER_FIELD, postInputSchema } from '@shared/schemas/blog';
import { type CoverUpload, createPost, updatePost } from '../services/blog';
import { newsletterCsv } from '../services/inbox';
import { InvalidImageError, isSafeFileName } from '../storage/images';
import type { AppDeps } from '../trpc/context';
import { firstFieldError, parseClientInput } from '../validation';
import { requireAdminRequest } from './session';

/** Answer of a refused form: `{ error, fieldErrors }`, like tRPC's field errors. */
type FormError = { error: string; fieldErrors?: Record<string, string[]> };

class FormInputError extends Error {
  constructor(readonly body: FormError) {
    super(body.error);
  }
}

const coverError = (message: string) =>
  new FormInputError({ error: message, fieldErrors: { [POST_COVER_FIELD]: [message] } });

/** Reads the text fields and the optional cover of a post form. */
async function readPostForm(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; cover?: CoverUpload }> {
  if (!request.isMultipart()) throw new FormInputError({ error: messages.invalidForm });
  const fields: Record<string, string> = {};
  let cover: CoverUpload | undefined;
  let refusal: FormInputError | undefined;
  try {
    // busboy would quietly cut a name like '../x.png' down to 'x.png'; keep it to refuse it.
    const parts = request.parts({ preservePath: true }) as AsyncIterableIterator<Multipart>;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // Every part is read to its end so the browser always receives our answer.
      const data = await part.toBuffer();
      // Browsers send a nameless empty part when no file was chosen.
      if (part.filename === '' && data.length === 0) continue;
      if (part.fieldname !== POST_COVER_FIELD || cover) {
        refusal ??= coverError(messages.oneCoverOnly);
      } else if (!isSafeFileName(part.filename)) {
        refusal ??= coverError(messages.invalidFileName);
      } else {
        cover = { fileName: part.filename, data };
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw coverError(messages.imageTooLarge);
    }
    if (error instanceof app.multipartErrors.FilesLimitError) {
      throw coverError(messages.oneCoverOnly);
    }
    throw new FormInputError({ error: messages.invalidForm });
  }
  if (refusal) throw refusal;
  return { fields, cover };
}

function parsePostInput(fields: Record<string, string>) {
  const parsed = parseClientInput(postInputSchema, fields);
  if ('data' in parsed) return parsed.data;
  const { fieldErrors } = parsed;
  throw new FormInputError({ error: firstFieldError(fieldErrors), fieldErrors });
}

/** Turns the known failures into Spanish answers; anything else goes to the app's 500. */
async function answerFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof FormInputError) return reply.code(400).send(error.body);
  if (error instanceof InvalidImageError)
    return reply.code(400).send(coverError(error.message).body);
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) request.log.error({ err: error.cause ?? error }, 'post write failed');
    return reply.code(status).send({ error: error.message } satisfies FormError);
  }
  throw error;
}

const postIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Post create/update carry a cover image, so they are multipart routes beside tRPC. */
export async function registerBlogUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/admin/posts', async (request, reply) => {
    const admin = await requireAdminRequest(deps, request, reply, messages.postUnauthorized);
    if (!admin) return reply;
    try {
      const { fields, cover } = await readPostForm(app, request);
      const post = await createPost(deps, parsePostInput(fields), admin.user.id, cover);
      return reply.code(201).send(post);
    } catch (error) {
      return answerFailure(request, reply, error);
    }
  });

  app.post('/api/admin/posts/:id', async (request, reply) => {
    const admin = await requireAdminRequest(deps, request, reply, messages.postUnauthorized);
    if (!admin) return reply;
    const params = postIdParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: messages.postNotFound });
    try {
      const { fields, cover } = await readPostForm(app, request);
      const result = await updatePost(deps, params.data.id, parsePostInput(fields), cover);
      if (!result.isOldCoverRemoved) {
        request.log.warn({ postId: result.id }, 'old cover files could not be removed');
      }
      return reply.send({ id: result.id, slug: result.slug });
    } catch (error) {
      return answerFailure(request, reply, error);
    }
  });

  app.get('/api/admin/newsletter.csv', async (request, reply) => {
    const admin = await requireAdminRequest(deps, request, reply, messages.postUnauthorized);
    if (!admin) return reply;
    const csv = await newsletterCsv(deps.db);
    const today = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="suscriptores-${today}.csv"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${csv}`);
  });
}
