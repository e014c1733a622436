import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../trpc/context';

export async function registerBlogUploadRoutes(_app: FastifyInstance, _deps: AppDeps) {}
