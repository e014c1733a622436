import type { FastifyInstance } from 'fastify';
import { MAX_BATCH_CALLS } from '@shared/batch-limit';
import { messages } from '@shared/messages';

const TRPC_PREFIX = '/trpc/';

/**
 * Refuses a tRPC batch of more than MAX_BATCH_CALLS procedures ('/trpc/a,b,c?batch=1') before
 * anything parses it: one request must not fan out into an unbounded number of queries.
 */
export function registerBatchLimit(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(TRPC_PREFIX)) return;
    const rest = request.url.slice(TRPC_PREFIX.length);
    const queryStart = rest.indexOf('?');
    if (queryStart < 0) return;
    if (new URLSearchParams(rest.slice(queryStart + 1)).get('batch') !== '1') return;
    // Commas count encoded or not: tRPC splits the decoded path.
    const path = rest.slice(0, queryStart).replaceAll(/%2c/gi, ',');
    if (path.split(',').length > MAX_BATCH_CALLS) {
      return reply.code(400).send({ error: messages.batchTooLarge });
    }
  });
}
