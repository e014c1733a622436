import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './trpc/context';

/** Multipart routes for admin uploads (product saves with images, blog covers). */
export async function registerUploadRoutes(_app: FastifyInstance, _deps: AppDeps) {}
