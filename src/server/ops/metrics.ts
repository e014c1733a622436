import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolUsage } from '../db/client';
import { retriedTransactions } from '../db/transactions';
import { countPendingMessages } from '../services/infra/outbox';
import type { AppDeps } from '../app-deps';
import { messages } from '@shared/messages';

let processRegistry: Registry | undefined;

/** CPU, memory, event loop and GC figures: collected once per process, however many apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Route labels set by whoever answered a request outside Fastify's router: rendered pages
 * answer from the not-found handler, where `routeOptions.url` is undefined, so ssr/pages.ts
 * names their router pattern here instead of every page counting as 'unmatched'.
 */
const routeLabels = new WeakMap<FastifyRequest, string>();

/** Labels `request` in the request metrics; `route` must be a pattern, never a raw URL. */
export function setRouteLabel(request: FastifyRequest, route: string) {
  routeLabels.set(request, route);
}

type CacheStats = { hits: number; misses: number };

/** `<name>_hits_total` and `<name>_misses_total`, read from a cache's own counts on scrape. */
function cacheCounters(
  registers: Registry[],
  name: string,
  help: Record<keyof CacheStats, string>,
  stats: CacheStats,
) {
  for (const outcome of ['hits', 'misses'] as const) {
    new Counter({
      name: `${name}_${outcome}_total`,
      help: help[outcome],
      registers,
      collect() {
        this.reset();
        this.inc(stats[outcome]);
      },
    });
  }
}

/**
 * Loopback callers (a sidecar, `curl` on the host) or the bearer of METRICS_TOKEN. A request
 * forwarded by a proxy on the same host arrives from loopback too, so it must bring the token.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const address = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const isLoopback = address === '::1' || address.startsWith('127.');
  if (isLoopback && request.headers['x-forwarded-for'] === undefined) return true;
  const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return Boolean(token && presented && timingSafeEqual(digest(presented), digest(token)));
}

/**
 * /metrics in Prometheus' text format. Requests are labelled by route pattern (never the raw
 * URL, whose variety would be unbounded); gauges that need the database are read on scrape.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps) {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const catalogCacheHelp = {
    hits: 'Catalogue answers served from the cache',
    misses: 'Catalogue reads the cache could not answer',
  };
  cacheCounters(registers, 'catalog_cache', catalogCacheHelp, deps.catalogCache.stats);
  // Signed-in visitors' pages are rendered for them alone, never looked up: neither counts.
  const pageCacheHelp = {
    hits: 'Pages for visitors without a session served already rendered',
    misses: 'Pages for visitors without a session the cache could not answer',
  };
  cacheCounters(registers, 'page_cache', pageCacheHelp, deps.pageCache.stats);
  new Gauge({
    name: 'outbox_pending_messages',
    help: 'Quote requests and contact messages not yet delivered to FORM_ENDPOINT',
    registers,
    async collect() {
      this.set(await countPendingMessages(deps.db));
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'Configured size of the database connection pool',
    registers,
    async collect() {
      this.set((await poolUsage(deps.db)).max);
    },
  });
  new Gauge({
    name: 'db_pool_connections_in_use',
    help: 'Pool connections running a query, besides the scrape itself',
    registers,
    async collect() {
      this.set((await poolUsage(deps.db)).inUse);
    },
  });

  new Counter({
    name: 'db_transactions_retried_total',
    help: 'Transactions run again after a deadlock (40P01) or serialization failure (40001)',
    labelNames: ['code'] as const,
    registers,
    collect() {
      this.reset();
      for (const [code, count] of retriedTransactions) this.inc({ code }, count);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeLabels.get(request) ?? request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, deps.config.METRICS_TOKEN)) {
      return reply.code(404).send({ error: messages.notFound });
    }
    const merged = Registry.merge([processMetrics(), registry]);
    const body = await merged.metrics();
    return reply
      .header('content-type', merged.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
