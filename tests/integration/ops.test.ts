// What operators and load balancers see: health and readiness, request ids in responses and
// logs, and the Prometheus metrics with their access rule.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { outbox, products } from '@server/db/schema';
import { createLogger } from '@server/ops/logger';
import { createTestDeps } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const logLines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    done();
  },
});
// The real catalogue and page caches, so their hits and misses can be counted; pages rendered
// from source, without a client build (as in ssr-pages.test.ts).
const world = useTestApp({
  http: true,
  env: { METRICS_TOKEN: 'token-de-metricas' },
  catalogCacheTtlMs: 60_000,
  pages: true,
  logger: createLogger(sink),
});

/** An app on a database of its own, for the tests that break the database. */
async function withOwnDatabase(test: (db: TestDatabase, app: FastifyInstance) => Promise<void>) {
  const own = await createTestDatabase();
  const ownApp = await buildApp(createTestDeps(own.db));
  let isClosed = false;
  try {
    await test({ ...own, close: () => ((isClosed = true), own.close()) }, ownApp);
  } finally {
    await ownApp.close();
    if (!isClosed) await own.close();
  }
}

describe('health and readiness', () => {
  it('is live and ready with the database reachable and migrated', async () => {
    const live = await world.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await world.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while a migration of this build is missing', async () => {
    await withOwnDatabase(async (own, ownApp) => {
      await own.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const response = await ownApp.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        reason: 'migrations pending',
        pending: 1,
      });
      await own.db.execute(sql`drop schema drizzle cascade`);
      const none = await ownApp.inject({ url: '/readyz' });
      expect(none.statusCode).toBe(503);
      expect(none.json()).toMatchObject({ reason: 'migrations pending' });
    });
  });

  it('is not ready with the database closed, yet still live', async () => {
    await withOwnDatabase(async (own, ownApp) => {
      await own.close();
      const ready = await ownApp.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
      expect((await ownApp.inject({ url: '/healthz' })).statusCode).toBe(200);
    });
  });
});

describe('request ids', () => {
  it('keeps a sane x-request-id, echoes it and logs every line of the request with it', async () => {
    const response = await world.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42');
    const lines = logLines.filter((line) => line.reqId === 'lb-7f3a.42');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces a missing or unsafe id with a new UUID', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const header of [undefined, 'con espacios', 'x'.repeat(129), 'a"b<script>']) {
      const response = await world.app.inject({
        url: '/healthz',
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      expect(response.headers['x-request-id'], header).toMatch(uuid);
    }
  });

  it('puts the id on a cached catalogue answer too', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { slug: 'no-existe' } }));
    const url = `/trpc/catalog.get?input=${input}`;
    const response = await world.app.inject({ url, headers: { 'x-request-id': 'cache-1' } });
    expect(response.headers['x-request-id']).toBe('cache-1');
  });
});

const metrics = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  world.app.inject({ url: '/metrics', ...options });

/** The value of one sample line, e.g. `catalog_cache_hits_total`. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function newProductSlug() {
  const [variant] = await createTestProduct(world.db, [{ stock: 3, price: '10.00' }]);
  const [product] = await world.db
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, variant!.productId));
  return product!.slug;
}

describe('/metrics', () => {
  it('answers loopback, or the bearer of METRICS_TOKEN, and is a 404 to anyone else', async () => {
    expect((await metrics()).statusCode).toBe(200);
    const remote = { remoteAddress: '203.0.113.7' };
    expect((await metrics(remote)).statusCode).toBe(404);
    // A proxy on the same host connects from loopback: the forwarded caller is not local.
    expect((await metrics({ headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    const wrong = { ...remote, headers: { authorization: 'Bearer otro-token' } };
    expect((await metrics(wrong)).statusCode).toBe(404);
    const right = { ...remote, headers: { authorization: 'Bearer token-de-metricas' } };
    const allowed = await metrics(right);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    await world.app.inject({ url: '/readyz' });
    await world.app.inject({ url: '/trpc/catalog.get?input=%7B%7D' });
    await world.app.inject({ url: '/uploads/nada/que-ver.webp' });
    const body = (await metrics()).body;
    expect(
      sample(body, 'http_requests_total{method="GET",route="/readyz",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(body, 'http_requests_total{method="GET",route="/trpc/:path",status_code="400"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{method="GET",route="/readyz",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    // Raw URLs never become labels.
    expect(body).not.toContain('que-ver.webp');
    expect(body).not.toContain('catalog.get');
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('counts rendered pages by their router pattern, from the cache too, apart from 404s', async () => {
    const slug = await newProductSlug();
    const before = (await metrics()).body;
    const pages = [`/producto/${slug}`, `/producto/${slug}`, '/', '/no/existe/esta-pagina'];
    const answers = [];
    for (const url of pages) answers.push(await world.app.inject({ url }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404]);
    expect(answers.map((answer) => answer.headers['x-cache'])).toEqual([
      'miss',
      'hit',
      'miss',
      'miss',
    ]);

    const after = (await metrics()).body;
    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    const requests = (route: string, status: number) =>
      delta(`http_requests_total{method="GET",route="${route}",status_code="${status}"}`);
    // The second product request was a cache hit: counted under the same pattern.
    expect(requests('/producto/$slug', 200)).toBe(2);
    expect(
      delta(
        'http_request_duration_seconds_count{method="GET",route="/producto/$slug",status_code="200"}',
      ),
    ).toBe(2);
    expect(requests('/', 200)).toBe(1);
    // A path no route takes is a 404 of its own label, not one of the paths nothing answered.
    expect(requests('not-found', 404)).toBe(1);
    expect(requests('unmatched', 404)).toBe(0);
    expect(after).not.toContain(slug);
    expect(after).not.toContain('esta-pagina');

    expect(delta('page_cache_misses_total')).toBe(3);
    expect(delta('page_cache_hits_total')).toBe(1);
  });

  it('reports the catalogue cache hits and misses, the outbox backlog and the pool', async () => {
    const slug = await newProductSlug();
    const before = (await metrics()).body;
    const input = encodeURIComponent(JSON.stringify({ json: { slug } }));
    for (let i = 0; i < 2; i++) {
      const read = await world.app.inject({ url: `/trpc/catalog.get?input=${input}` });
      expect(read.statusCode).toBe(200);
    }
    await world.db.insert(outbox).values([
      { kind: 'contact', payload: { n: 1 } },
      { kind: 'quote', payload: { n: 2 } },
    ]);

    const after = (await metrics()).body;
    const delta = (series: string) => sample(after, series)! - (sample(before, series) ?? 0);
    expect(delta('catalog_cache_misses_total')).toBe(1);
    expect(delta('catalog_cache_hits_total')).toBe(1);
    expect(sample(after, 'outbox_pending_messages')).toBe(2);
    expect(sample(after, 'db_pool_max_connections')).toBe(
      world.database.kind === 'pglite' ? 1 : 20,
    );
    await world.db.delete(outbox).where(sql`true`);
  });

  it('counts the pool connections busy with a query', async () => {
    if (world.database.kind === 'pglite') {
      // One embedded connection, held for the life of the process.
      expect(sample((await metrics()).body, 'db_pool_connections_in_use')).toBe(1);
      return;
    }
    // A transaction holds its connection until the test lets it go.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = world.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await released;
    });
    await expect
      .poll(async () => sample((await metrics()).body, 'db_pool_connections_in_use'))
      .toBeGreaterThanOrEqual(1);
    release();
    await held;
    // A live gauge: the store's own background work may hold a connection for a moment.
    await expect
      .poll(async () => sample((await metrics()).body, 'db_pool_connections_in_use'), {
        timeout: 5_000,
      })
      .toBe(0);
  });
});

describe('images from a CDN', () => {
  it('lets the page load images from S3_PUBLIC_URL', async () => {
    const config = { ...world.deps.config, S3_PUBLIC_URL: 'https://cdn.example.com/tienda' };
    const cdnApp = await buildApp({ ...world.deps, config });
    try {
      const response = await cdnApp.inject({ url: '/healthz' });
      expect(response.headers['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://cdn.example.com",
      );
    } finally {
      await cdnApp.close();
    }
  });
});
