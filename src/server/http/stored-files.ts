import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { assertSafeKey, UPLOADS_URL_PREFIX } from '../storage/storage';
import type { AppDeps } from '../app-deps';
import { messages } from '@shared/messages';

/** A stored key never changes content: a new upload gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves uploaded files at /uploads/{key} whichever storage holds them, so image URLs keep
 * one shape: from the disk with @fastify/static, or read through from the object store
 * (unless S3_PUBLIC_URL sends browsers to a CDN, in which case this route serves older URLs).
 */
export async function registerStoredFiles(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.STORAGE === 'local') {
    await app.register(fastifyStatic, {
      root: path.resolve(deps.config.UPLOADS_DIR),
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
    return;
  }

  app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    try {
      assertSafeKey(key);
    } catch {
      return reply.code(404).send({ error: messages.notFound });
    }
    const file = await deps.storage.read(key);
    if (!file) return reply.code(404).send({ error: messages.notFound });
    reply.header('content-type', file.contentType).header('cache-control', IMMUTABLE);
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    return reply.send(file.body);
  });
}
