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
import { registerCatalogResponseCache } from './http/catalog-response-cache';
import { frameworkErrors, registerErrorHandling } from './http/error-handling';
import { registerOriginCheck } from './http/origin-check';
import { type LoggerOptions, loggerOptions } from './logging';
import { MAX_IMAGE_BYTES } from './storage/images';
import { type AppDeps, contextFactory } from './trpc/context';
import { type AppRouter, appRouter } from './trpc/router';
import { registerUploadRoutes } from './uploads';

/** Builds the whole server without listening: main.ts, e2e tests and the bench start it. */
export async function buildApp(
  deps: AppDeps,
  // `true` logs with the app's redacting options (logging.ts); tests may pass their own.
  options: { logger?: boolean | LoggerOptions } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === true ? loggerOptions() : (options.logger ?? false),
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
    frameworkErrors,
  });

  // First of all, so every route and plugin registered below answers through them.
  const clientDir = deps.config.clientDir;
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  registerErrorHandling(app, { clientDir, hasClient });

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

  registerOriginCheck(app, deps.config.PUBLIC_URL);

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

  await registerUploadRoutes(app, deps);

  await app.register(fastifyStatic, {
    root: path.resolve(deps.config.UPLOADS_DIR),
    prefix: '/uploads/',
    decorateReply: false,
    // Upload keys never change content: a new upload gets a new name.
    maxAge: '365d',
    immutable: true,
  });

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

  return app;
}
