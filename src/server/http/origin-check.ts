// Cross-site request forgery: the session cookie alone never authorises a write. Browsers send
// `Origin` with every POST/PUT/PATCH/DELETE (and `Sec-Fetch-Site` with every request), so a
// mutation is accepted only when its Origin is exactly the store's own, scheme, host and port
// included; a request with neither header (or `Origin: null`, sent by sandboxed frames and
// some redirects) is refused, since no page of the store can produce one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@shared/messages';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `scheme://host[:port]` as browsers write it (default ports dropped), or null. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Whether a mutation may proceed: same origin as PUBLIC_URL, else as the request itself. */
export function isSameOriginMutation(request: FastifyRequest, publicOrigin: string | null) {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  const ownOrigin = request.host ? originOf(`${request.protocol}://${request.host}`) : null;
  const expected = publicOrigin ?? ownOrigin;
  return expected !== null && originOf(origin) === expected;
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined) {
  // Parsed once: PUBLIC_URL is fixed for the life of the process.
  const publicOrigin = publicUrl ? originOf(publicUrl) : null;
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING_METHODS.has(request.method)) return;
    if (!isSameOriginMutation(request, publicOrigin)) {
      return reply.code(403).send({ error: messages.foreignOrigin });
    }
  });
}
