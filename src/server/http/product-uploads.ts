import type { Multipart } from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@shared/messages';
import {
  PRODUCT_JSON_FIELD,
  productInputSchema,
  UPLOAD_KEY_PATTERN,
} from '@shared/schemas/product';
import type { ImageUpload } from '../services/product-images';
import { ProductFieldError, saveProduct } from '../services/product-save';
import { InvalidImageError, isSafeFileName } from '../storage/images';
import type { AppDeps } from '../trpc/context';
import { firstFieldError, parseClientInput } from '../validation';
import { requireAdminRequest } from './session';

/** A refused save: `{ error, fieldErrors }`, the same shape as tRPC's `data.fieldErrors`. */
type SaveRefusal = { error: string; fieldErrors?: Record<string, string[]> };

class RefusedError extends Error {
  constructor(
    readonly status: number,
    readonly body: SaveRefusal,
  ) {
    super(body.error);
  }
}

const refusedField = (field: string, message: string, status = 400) =>
  new RefusedError(status, { error: message, fieldErrors: { [field]: [message] } });

/** The product JSON and every image part; the first bad part refuses the whole request. */
async function readSaveRequest(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw new RefusedError(400, { error: messages.invalidForm });
  let json: string | undefined;
  const uploads: ImageUpload[] = [];
  let refusal: RefusedError | undefined;
  try {
    // busboy would quietly cut a name like '../x.png' down to 'x.png'; keep it to refuse it.
    const parts = request.parts({ preservePath: true }) as AsyncIterableIterator<Multipart>;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === PRODUCT_JSON_FIELD && typeof part.value === 'string') {
          json = part.value;
        }
        continue;
      }
      // Every part is read to its end so the browser always receives our answer.
      const data = await part.toBuffer();
      if (!isSafeFileName(part.filename)) {
        refusal ??= refusedField('images', messages.invalidFileName);
      } else if (!UPLOAD_KEY_PATTERN.test(part.fieldname)) {
        refusal ??= refusedField('images', messages.uploadMissing);
      } else {
        uploads.push({ key: part.fieldname, fileName: part.filename, data });
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw refusedField('images', messages.imageTooLarge, 413);
    }
    if (error instanceof app.multipartErrors.FilesLimitError) {
      throw refusedField('images', messages.tooManyImages, 413);
    }
    throw new RefusedError(400, { error: messages.invalidForm });
  }
  if (refusal) throw refusal;
  return { product: parseProduct(json), uploads };
}

function parseProduct(json: string | undefined) {
  let value: unknown;
  try {
    value = JSON.parse(json ?? '');
  } catch {
    throw new RefusedError(400, { error: messages.invalidForm });
  }
  const parsed = parseClientInput(productInputSchema, value);
  if ('data' in parsed) return parsed.data;
  const { fieldErrors } = parsed;
  throw new RefusedError(400, { error: firstFieldError(fieldErrors), fieldErrors });
}

/** Known refusals answer in Spanish; anything else goes to the app's logged 500. */
function answerFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof RefusedError) return reply.code(error.status).send(error.body);
  if (error instanceof ProductFieldError) {
    return reply.code(400).send(refusedField(error.field, error.message).body);
  }
  if (error instanceof InvalidImageError) {
    return reply.code(400).send(refusedField('images', error.message).body);
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) request.log.error({ err: error.cause ?? error }, 'product save failed');
    return reply.code(status).send({ error: error.message } satisfies SaveRefusal);
  }
  throw error;
}

const productIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Saving a product is one multipart request: a `product` JSON field (the shared schema) and
 * its new image files, so rows and files succeed or fail together.
 */
export async function registerProductUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/admin/products', async (request, reply) => {
    if (!(await requireAdminRequest(deps, request, reply))) return reply;
    try {
      const { product, uploads } = await readSaveRequest(app, request);
      const saved = await saveProduct(deps, undefined, product, uploads);
      deps.catalogCache.clear();
      return reply.code(201).send({ id: saved.id, slug: saved.slug });
    } catch (error) {
      return answerFailure(request, reply, error);
    }
  });

  app.post('/api/admin/products/:id', async (request, reply) => {
    if (!(await requireAdminRequest(deps, request, reply))) return reply;
    const params = productIdParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: messages.productNotFound });
    try {
      const { product, uploads } = await readSaveRequest(app, request);
      const saved = await saveProduct(deps, params.data.id, product, uploads);
      deps.catalogCache.clear();
      if (!saved.isOldImagesRemoved) {
        request.log.warn({ productId: saved.id }, 'removed images left files behind');
      }
      return reply.send({ id: saved.id, slug: saved.slug });
    } catch (error) {
      return answerFailure(request, reply, error);
    }
  });
}
