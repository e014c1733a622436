import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldRefusal, type SavedRecord } from '@shared/form-refusal';
import { messages } from '@shared/messages';
import {
  PRODUCT_JSON_FIELD,
  productInputSchema,
  UPLOAD_KEY_PATTERN,
} from '@shared/schemas/product';
import type { ImageUpload } from '../services/catalog/product-images';
import { saveProduct } from '../services/catalog/product-save';
import type { AppDeps } from '../app-deps';
import { adminOf, FormRefusedError } from './admin-routes';
import { type FormParts, parseFormValue, readForm } from './form-reader';

const IMAGES_FIELD = 'images';

/** The product JSON field (the shared schema) and the image files it refers to. */
function parseProductForm({ fields, files }: FormParts) {
  if (files.some((file) => !UPLOAD_KEY_PATTERN.test(file.partName))) {
    throw new FormRefusedError(400, fieldRefusal(IMAGES_FIELD, messages.uploadMissing));
  }
  let value: unknown;
  try {
    value = JSON.parse(fields[PRODUCT_JSON_FIELD] ?? '');
  } catch {
    throw new FormRefusedError(400, { error: messages.invalidForm });
  }
  const product = parseFormValue(productInputSchema, value);
  const uploads: ImageUpload[] = files.map((file) => ({
    key: file.partName,
    fileName: file.fileName,
    data: file.data,
  }));
  return { product, uploads };
}

const productIdParams = z.object({ id: z.coerce.number().int().positive() });
const config = { imageField: IMAGES_FIELD, changesCatalog: true };

/**
 * Saving a product is one multipart request: a `product` JSON field and its new image
 * files, so rows and files succeed or fail together.
 */
export function registerProductUploadRoutes(scope: FastifyInstance, deps: AppDeps) {
  const createConfig = { ...config, unexpectedMessage: messages.productCreateUnexpected };
  scope.post('/api/admin/products', { config: createConfig }, async (request, reply) => {
    const { product, uploads } = parseProductForm(await readForm(scope, request, IMAGES_FIELD));
    const saved = await saveProduct(deps, undefined, product, uploads, {
      userId: adminOf(request).user.id,
    });
    return reply.code(201).send({ id: saved.id, slug: saved.slug } satisfies SavedRecord);
  });

  scope.post('/api/admin/products/:id', { config }, async (request, reply) => {
    const params = productIdParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: messages.productNotFound });
    const { product, uploads } = parseProductForm(await readForm(scope, request, IMAGES_FIELD));
    const saved = await saveProduct(deps, params.data.id, product, uploads, {
      userId: adminOf(request).user.id,
    });
    if (!saved.isOldImagesRemoved) {
      request.log.warn({ productId: saved.id }, 'removed images left files behind');
    }
    return reply.send({ id: saved.id, slug: saved.slug } satisfies SavedRecord);
  });
}
