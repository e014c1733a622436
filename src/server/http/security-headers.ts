import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

const cdnOrigin = (url: string | undefined) => (url ? [new URL(url).origin] : []);

/**
 * Helmet's security headers on every answer. @fastify/helmet calls `helmet(options)` again on
 * every request, parsing the whole policy each time (≈ 4 % of the CPU of an uncached shop
 * list); the same middleware is built here once and run per request.
 *
 * Register before any hook that may answer early (the catalogue cache): onRequest hooks run
 * in order.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // A CDN in front of the object store serves the images (S3_PUBLIC_URL).
        imgSrc: ["'self'", 'data:', 'blob:', ...cdnOrigin(config.S3_PUBLIC_URL)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    // The store is served over plain http in development and tests.
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet 8 throws rather than passing errors on; `done` only ever hears "carry on".
    setHeaders(request.raw, reply.raw, () => done());
  });
}
