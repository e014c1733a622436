import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/request-session';
import { isPostPublished } from '../services/content/blog';
import type { AppDeps } from '../app-deps';

/** Every file of a post lives under /uploads/blog/{postId}/ (services/content/blog.ts postFolder). */
const POST_FILE_PATTERN = /^\/uploads\/blog\/(\d{1,9})\//;

const privateKey = Symbol('draftCover');
type CoverRequest = FastifyRequest & { [privateKey]?: true };

/**
 * A draft's cover is as unpublished as its text: its files answer 404 (like a missing file)
 * unless the post is published or the request comes from an admin, who then gets an answer no
 * shared cache may keep. Registered before @fastify/static serves /uploads.
 */
export function registerDraftCoverGuard(app: FastifyInstance, deps: AppDeps) {
  app.addHook('onRequest', async (request: CoverRequest, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const match = POST_FILE_PATTERN.exec(request.url);
    if (!match) return;
    if (await isPostPublished(deps.db, Number(match[1]))) return;
    const session = await sessionOf(deps, request, reply);
    if (session?.role !== 'admin') return reply.callNotFound();
    request[privateKey] = true;
  });

  app.addHook('onSend', async (request: CoverRequest, reply, payload) => {
    if (request[privateKey]) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
