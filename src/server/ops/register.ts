import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { registerHealthRoutes } from './health';
import { registerConnectionDraining } from './lifecycle';
import { registerRequestIdHeader } from './logger';
import { registerMetrics } from './metrics';

/**
 * Operations endpoints and hooks. Registered before anything that may answer early (the
 * catalogue cache), so every response carries its request id and is counted.
 */
export function registerOps(app: FastifyInstance, deps: AppDeps) {
  registerRequestIdHeader(app);
  registerMetrics(app, deps);
  registerHealthRoutes(app, deps.db);
  registerConnectionDraining(app);
}
