import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/cookie';
import type { CatalogCache } from '../services/catalog/catalog-cache';
import { encodedAnswer } from './compressed-answers';

const TRPC_PREFIX = '/trpc/';

const sessionCookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/** Media types under which tRPC answers its plain JSON form (the only one we keep). */
const PLAIN_JSON_ACCEPTS = new Set(['*/*', 'application/*', 'application/json']);

/**
 * tRPC varies its answer on `trpc-accept` and `accept` (it says so in `vary`): asked for
 * application/jsonl or text/event-stream it streams. Only requests that would get the plain
 * JSON form may read or fill the cache; any other form goes to tRPC untouched, both ways.
 */
function asksForPlainJson(request: FastifyRequest): boolean {
  if (request.headers['trpc-accept'] !== undefined) return false;
  const accept = request.headers.accept;
  if (accept === undefined) return true;
  return accept
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .every((type) => PLAIN_JSON_ACCEPTS.has(type));
}

/**
 * A visitor's GET of public catalogue procedures only ('/trpc/catalog.list?input=...', or a
 * batch of them). Their answers depend on the URL alone: no catalogue procedure reads the
 * session. Signed-in requests go through tRPC, which refreshes their session cookie.
 */
function isCatalogRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || !request.url.startsWith(TRPC_PREFIX)) return false;
  if (sessionCookiePattern.test(request.headers.cookie ?? '')) return false;
  if (!asksForPlainJson(request)) return false;
  const path = request.url.slice(TRPC_PREFIX.length).split('?')[0] ?? '';
  return path.split(',').every((procedure) => procedure.startsWith('catalog.'));
}

/**
 * The headers kept with a body: those that describe it. Never hop-by-hop ones
 * (transfer-encoding, connection...) nor content-length, which Fastify sets for what it sends.
 */
const BODY_HEADERS = ['content-type', 'content-encoding', 'vary'] as const;

/** `hit` or `miss` on every cacheable answer: the bench counts them (bench/measure.ts). */
const CACHE_HEADER = 'x-cache';

const startedAtKey = Symbol('catalogCacheStartedAt');
type CacheableRequest = FastifyRequest & { [startedAtKey]?: number };

/**
 * Serves repeated catalogue reads from the catalogue cache before tRPC parses them, and keeps
 * tRPC's successful answers. Register it after registerTrpcTextAnswers and before
 * @fastify/compress so it sees and stores the plain text; it compresses what it sends itself
 * (once per answer and encoding, see compressed-answers.ts), which @fastify/compress then
 * leaves alone.
 */
export function registerCatalogResponseCache(app: FastifyInstance, cache: CatalogCache) {
  app.addHook('onRequest', async (request: CacheableRequest, reply) => {
    if (!isCatalogRead(request)) return;
    const hit = cache.get(request.url);
    if (hit) {
      const { headers, body } = await encodedAnswer(hit, request);
      return reply.code(hit.status).headers(headers).header(CACHE_HEADER, 'hit').send(body);
    }
    request[startedAtKey] = cache.begin();
  });

  // After registerTrpcTextAnswers: tRPC's plain JSON answers arrive here as text.
  app.addHook('onSend', async (request: CacheableRequest, reply, payload) => {
    const startedAt = request[startedAtKey];
    if (startedAt === undefined || typeof payload !== 'string') return payload;
    reply.header(CACHE_HEADER, 'miss');
    if (reply.statusCode !== 200) return payload; // not kept: @fastify/compress compresses it
    const headers: Record<string, string> = {};
    for (const name of BODY_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const answer = { status: 200, headers, body: payload };
    const isKept = cache.set(request.url, answer, startedAt);
    const encoded = await encodedAnswer(answer, request, isKept ? 'kept' : 'once');
    reply.headers(encoded.headers);
    return encoded.body;
  });
}
