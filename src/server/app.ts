import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { MAX_BATCH_CALLS } from '@shared/batch-limit';
import { registerBatchLimit } from './http/batch-limit';
import { registerCatalogResponseCache } from './http/catalog-response-cache';
import { privateAnswerHeaders } from './http/private-answers';
import { registerTrpcTextAnswers } from './http/trpc-text-answers';
import { registerDraftCoverGuard } from './http/draft-covers';
import {
  frameworkErrors,
  logDatabaseUnavailable,
  type PageFallback,
  registerErrorHandling,
  rewriteBadPageUrl,
} from './http/error-handling';
import { registerOriginCheck } from './http/origin-check';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStoredFiles } from './http/stored-files';
import { registerPages } from './ssr/pages';
import { registerPreviewImages } from './ssr/preview-images';
import { registerSeoFiles } from './ssr/seo-files';
import { requestIdOf } from './ops/logger';
import { registerOps } from './ops/register';
import { MAX_IMAGE_BYTES } from '@shared/images';
import type { AppDeps } from './app-deps';
import { contextFactory } from './trpc/context';
import { type AppRouter, appRouter } from './trpc/router';
import type { Config } from './config';
import { registerCustomersCsvRoute, registerPersonalDataRoute } from './http/account-routes';
import { isDatabaseUnavailable } from './database-availability';
import { registerAdminRoutes } from './http/admin-routes';
import { registerBlogUploadRoutes } from './http/blog-uploads';
import { registerBrandLogoRoutes } from './http/brand-logo-uploads';
import { registerStoreLogoRoutes } from './http/store-logo-uploads';
import { registerCatalogCsvRoutes } from './http/catalog-csv';
import { registerNewsletterCsvRoute } from './http/newsletter-csv';
import { registerOrdersCsvRoute } from './http/orders-csv';
import { registerCfeCsvRoute } from './http/cfe-csv';
import { registerReceivablesCsvRoute, registerStatementPdfRoute } from './http/collections-routes';
import { registerProductUploadRoutes } from './http/product-uploads';
import { registerQuotePdfRoute } from './http/quote-pdf-route';
import { registerDeliveryNoteRoute } from './http/delivery-note-route';
import { registerCfePdfRoute } from './http/cfe-pdf-route';

/**
 * Fastify takes addresses as they are, but treats a bare number as "trust nobody": a hop
 * count becomes a function trusting that many proxies in front of the server.
 */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole server without listening: main.ts, e2e tests and the bench start it. */
export async function buildApp(
  deps: AppDeps,
  options: {
    logger?: FastifyBaseLogger;
    /** Sees every route as it is added (tests read the routes' declarations through it). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger,
    genReqId: requestIdOf,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 2 * 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: otherwise X-Forwarded-For, written by the
    // client, would choose the IP that rate limits count and the protocol cookies rely on.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    frameworkErrors,
    rewriteUrl: rewriteBadPageUrl,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // First of all, so every route and plugin registered below answers through them.
  const clientDir = deps.config.clientDir;
  const pages: PageFallback = {};
  registerErrorHandling(app, pages);

  registerOps(app, deps);
  registerBatchLimit(app);

  registerSecurityHeaders(app, deps.config);
  registerTrpcTextAnswers(app);
  registerCatalogResponseCache(app, deps.catalogCache);
  // Text answers (SPA assets, JSON) travel compressed; images are WebP already.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  registerDraftCoverGuard(app, deps);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 20 },
  });

  registerOriginCheck(app, deps.config.PUBLIC_URL);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(deps),
      // registerBatchLimit answers first, in Spanish; this also covers any path it misreads.
      maxBatchSize: MAX_BATCH_CALLS,
      responseMeta: privateAnswerHeaders,
      onError({ error, path: procedurePath }) {
        if (isDatabaseUnavailable(error)) {
          logDatabaseUnavailable(app.log, error, { procedure: procedurePath });
        } else if (error.code === 'INTERNAL_SERVER_ERROR') {
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
    registerBrandLogoRoutes(scope, deps);
    registerStoreLogoRoutes(scope, deps);
    registerNewsletterCsvRoute(scope, deps);
    registerCatalogCsvRoutes(scope, deps);
    registerOrdersCsvRoute(scope, deps);
    registerCustomersCsvRoute(scope, deps);
    registerReceivablesCsvRoute(scope, deps);
    registerCfeCsvRoute(scope, deps);
  });

  registerQuotePdfRoute(app, deps);
  registerStatementPdfRoute(app, deps);
  registerDeliveryNoteRoute(app, deps);
  registerCfePdfRoute(app, deps);
  registerPersonalDataRoute(app, deps);

  await registerStoredFiles(app, deps);

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      // Pages are rendered (ssr/pages.ts): a directory never answers with a file of its own.
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  registerSeoFiles(app, deps);
  registerPreviewImages(app, deps);
  await registerPages(deps, pages);

  return app;
}
