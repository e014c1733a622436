// The database away: with PostgreSQL stopped (connections refused, open ones cut) or hung
// (connections accepted and never answered), pages, catalogue reads, quote requests and the
// /api routes answer 503 in Spanish within seconds instead of hanging, /readyz says not
// ready, and once the database is back the same process serves again without a restart.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { createAppDeps } from '@server/deps';
import { openConfiguredDatabase } from '@server/startup';
import { messages } from '@shared/messages';
import { createTestDeps, SOURCE_PAGES } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { JSON_MUTATION, sessionCookie, trpcErrorOf } from '../support/http';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { createTestProduct } from './orders-fixtures';

/**
 * PGlite lives inside the process: there is no connection to lose. The run with DATABASE_URL
 * set (README, "Con un PostgreSQL externo") covers this.
 */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

/** What the issue asks of every answer while the database is away. */
const ANSWER_WITHIN_MS = 5_000;
/** And of /readyz once the database is back: "within a couple of seconds". */
const READY_AGAIN_WITHIN_MS = 2_000;

/** Polls `check` until it holds; fails with `what` after `limitMs`. */
async function until(what: string, check: () => Promise<boolean>, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!ON_POSTGRES)(
  'the database away (PostgreSQL only: PGlite has no connection)',
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    let customerCookie: string;
    let adminCookie: string;
    let variantId: number;
    let quoteCount = 0;

    beforeAll(async () => {
      database = await createTestDatabase();
      proxy = await startTcpProxy(database.url!);
      // The app as main.ts opens it, with the default timeouts, through the proxy; a pool of
      // eight as on a larger machine: each of its connections that fails at once makes
      // postgres-js's default reconnect delay longer.
      const testConfig = createTestDeps(database.db).config;
      handle = await openConfiguredDatabase(
        loadConfig({ DATABASE_URL: proxy.url, DATABASE_POOL_SIZE: '8' }),
      );
      const deps = createAppDeps(
        handle.db,
        { ...testConfig, ...SOURCE_PAGES },
        { catalogCacheTtlMs: 0 },
      );
      app = await buildApp(deps);
      customerCookie = await sessionCookie(deps, 'cliente@empresa.uy');
      adminCookie = await sessionCookie(deps, 'jefa@tienda.uy', 'admin');
      const [variant] = await createTestProduct(database.db, [{ stock: 50, price: '100.00' }]);
      variantId = variant!.id;
    });
    afterAll(async () => {
      await app?.close();
      await handle?.close();
      await proxy?.close();
      await database?.close();
    });

    const catalogueRead = () =>
      app.inject({
        url: `/trpc/catalog.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`,
      });

    const quoteRequest = () =>
      app.inject({
        method: 'POST',
        url: '/trpc/orders.requestQuote',
        headers: { ...JSON_MUTATION, cookie: customerCookie },
        payload: JSON.stringify({
          json: {
            items: [{ variantId, quantity: 1 }],
            email: 'cliente@empresa.uy',
            idempotencyKey: `sin-base-${++quoteCount}`,
          },
        }),
      });

    /** The answer and how long it took. */
    async function timed(request: () => Promise<LightMyRequestResponse>) {
      const startedAt = Date.now();
      const response = await request();
      return { response, elapsedMs: Date.now() - startedAt };
    }

    function expectTrpcUnavailable(response: LightMyRequestResponse) {
      expect(response.statusCode, response.body).toBe(503);
      expect(trpcErrorOf(response)).toMatchObject({
        message: messages.serviceUnavailable,
        data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
      });
    }

    describe.each([
      { mode: 'refuse', as: 'stopped (connections refused)' },
      { mode: 'black-hole', as: 'hung (connections accepted, never answered)' },
    ] as const)('with the database $as', ({ mode }) => {
      it('answers 503 in Spanish within 5 s, and serves again once it is back', async () => {
        expect((await catalogueRead()).statusCode).toBe(200);
        const before = await quoteRequest();
        expect(before.statusCode, before.body).toBe(200);

        await proxy.setMode(mode);

        // All at once, as visitors would, more of them than the pool has connections: the
        // first to meet a hung server wait for the connect timeout, the others must not queue
        // behind them.
        const [page, quote, csv, ...catalogue] = await Promise.all(
          [
            () => app.inject({ url: '/tienda' }),
            quoteRequest,
            () => app.inject({ url: '/api/admin/catalog.csv', headers: { cookie: adminCookie } }),
            ...Array.from({ length: 8 }, () => catalogueRead),
          ].map(timed),
        );
        expect(page!.response.statusCode).toBe(503);
        expect(page!.response.headers['content-type']).toMatch(/^text\/html/);
        expect(page!.response.body).toContain(messages.serviceUnavailable);
        expectTrpcUnavailable(quote!.response);
        expect(csv!.response.statusCode).toBe(503);
        expect(csv!.response.json()).toEqual({ error: messages.serviceUnavailable });
        for (const { response } of catalogue) expectTrpcUnavailable(response);
        for (const { elapsedMs } of [page!, quote!, csv!, ...catalogue]) {
          expect(elapsedMs).toBeLessThan(ANSWER_WITHIN_MS);
        }

        const ready = await app.inject({ url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'not ready', reason: 'database unreachable' });

        await proxy.setMode('forward');
        await until(
          '/readyz to answer 200 again',
          async () => (await app.inject({ url: '/readyz' })).statusCode === 200,
          READY_AGAIN_WITHIN_MS,
        );
        expect((await catalogueRead()).statusCode).toBe(200);
        expect((await quoteRequest()).statusCode).toBe(200);
        expect((await app.inject({ url: '/tienda' })).statusCode).toBe(200);
      });
    });
  },
);
