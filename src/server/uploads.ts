import type { FastifyInstance } from 'fastify';
import { registerBlogUploadRoutes } from './http/blog-uploads';
import { registerProductUploadRoutes } from './http/product-uploads';
import type { AppDeps } from './trpc/context';

/** Multipart routes for admin uploads: tRPC carries JSON, files travel here. */
export async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  await registerProductUploadRoutes(app, deps);
  await registerBlogUploadRoutes(app, deps);
}
