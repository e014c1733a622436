import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../trpc/context';

export async function registerProductUploadRoutes(_app: FastifyInstance, _deps: AppDeps) {}
