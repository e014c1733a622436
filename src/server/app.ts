import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { registerCatalogResponseCache } from './http/catalog-response-cache';
import { MAX_IMAGE_BYTES } from './storage/images';
import { type AppDeps, contextFactory } from './trpc/context';
import { type AppRouter, appRouter } from './trpc/router';
import { registerAdminRoutes } from './http/admin-routes';
import { registerBlogUploadRoutes } from './http/blog-uploads';
import { registerNewsletterCsvRoute } from './http/newsletter-csv';
import { registerProductUploadRoutes } from './http/product-uploads';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the whole server without listening: main.ts, e2e tests and the bench start it. */
export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: deps.config.NODE_ENV === 'production' ? [] : null,
      },
    },
    // The store is served over plain http in development and tests.
    hsts: deps.config.NODE_ENV === 'production',
  });
  registerCatalogResponseCache(app, deps.catalogCache);
  // Text answers (SPA assets, JSON) travel compressed; images are WebP already.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 20 },
  });

  // A mutation sent from another site is refused: the cookie alone never authorises it.
  const publicHost = deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).host : undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (!originHost || originHost !== (publicHost ?? request.headers.host)) {
      return reply.code(403).send({ error: messages.foreignOrigin });
    }
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(deps),
      onError({ error, path: procedurePath }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          app.log.error(
            { err: error.cause ?? error, procedure: procedurePath },
            'procedure failed',
          );
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // The dashboard's plain HTTP routes: tRPC carries JSON, files travel here.
  await registerAdminRoutes(app, deps, (scope) => {
    registerProductUploadRoutes(scope, deps);
    registerBlogUploadRoutes(scope, deps);
    registerNewsletterCsvRoute(scope, deps);
  });

  await app.register(fastifyStatic, {
    root: path.resolve(deps.config.UPLOADS_DIR),
    prefix: '/uploads/',
    decorateReply: false,
    // Upload keys never change content: a new upload gets a new name.
    maxAge: '365d',
    immutable: true,
  });

  const clientDir = deps.config.clientDir;
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/trpc') || request.url.startsWith('/uploads');
    if (request.method !== 'GET' || isApi || !hasClient) {
      return reply.code(404).send({ error: 'Not found' });
    }
    // Every client route is served by the SPA, which shows its own not-found page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir);
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({
      error: status === 500 ? messages.unexpected : (error.message ?? messages.unexpected),
    });
  });

  return app;
}
