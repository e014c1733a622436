// Two real app instances (each its own pool, caches, limiters and outbox, listening on its own
// port) on one PostgreSQL database and one S3-protocol server, as behind a load balancer:
// a change through A is served by B within a second, an image uploaded through A is served
// by B, login attempts spread over both hit one limit, and fifty outbox messages reach the
// form service exactly once, also when an instance dies in the middle of a delivery.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type postgres from 'postgres';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { type DatabaseHandle, openDatabase } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { outbox } from '@server/db/schema';
import { createAppDeps } from '@server/deps';
import type { AppDeps } from '@server/app-deps';
import { createTestCookie, SOURCE_PAGES } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { TEST_S3_CREDENTIALS } from '../support/storage';
import { createTestProduct } from './orders-fixtures';

const AUTH_RATE_LIMIT = 6;
const LEASE_SECONDS = 3;
/** Connections of each instance's pool. */
const POOL_SIZE = 4;

/** A form service that acknowledges each message; a request whose sender died is not counted. */
class Receiver {
  acknowledged = new Map<number, number>();
  private server: Server;
  /** Called with each request before it is answered; return false to hold it unanswered. */
  onRequest: (sender: string, response: ServerResponse) => boolean = () => true;

  constructor() {
    this.server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        const { n } = JSON.parse(body) as { n: number };
        response.on('finish', () => {
          this.acknowledged.set(n, (this.acknowledged.get(n) ?? 0) + 1);
        });
        if (this.onRequest(request.url ?? '', response)) response.writeHead(200).end('{}');
      });
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

type Instance = { app: FastifyInstance; deps: AppDeps; pool: DatabaseHandle; url: string };

let database: TestDatabase;
let s3: S3rver;
let s3Directory: string;
let receiver: Receiver;
const instances: Instance[] = [];

const isPostgres = Boolean(process.env.DATABASE_URL);

async function startInstance(
  name: string,
  env: Record<string, string>,
  formUrl: string,
): Promise<Instance> {
  const pool = await openDatabase({ databaseUrl: database.url!, dataDir: '', poolSize: POOL_SIZE });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), `tienda-${name}-`)),
    FORM_ENDPOINT: `${formUrl}/${name}`,
    AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
    ...env,
  });
  // Pages rendered from source, without a client build (as in ssr-pages.test.ts).
  Object.assign(config, SOURCE_PAGES);
  // The catalogue cache, and the page cache with it, keep answers far longer than the test:
  // only the signal clears them.
  const deps = createAppDeps(pool.db, config, {
    catalogCacheTtlMs: 60_000,
    outboxLeaseSeconds: LEASE_SECONDS,
  });
  const app = await buildApp(deps);
  await deps.catalogSignal.listen();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const instance = {
    app,
    deps,
    pool,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
  };
  instances.push(instance);
  return instance;
}

async function stopInstance(instance: Instance) {
  await instance.deps.outbox.stop();
  await instance.deps.catalogSignal.stop();
  await instance.app.close();
  await instance.pool.close();
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  if (!isPostgres) return;
  database = await createTestDatabase();
  s3Directory = mkdtempSync(path.join(tmpdir(), 'tienda-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, forcePathStyle: true, ...credentials() });
  await client.send(new CreateBucketCommand({ Bucket: 'tienda' }));
  client.destroy();
  receiver = new Receiver();
  const formUrl = await receiver.start();
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'tienda',
    S3_REGION: TEST_S3_CREDENTIALS.region,
    S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
  };
  a = await startInstance('a', env, formUrl);
  b = await startInstance('b', env, formUrl);
});
afterAll(async () => {
  if (!isPostgres) return;
  await Promise.all(instances.map((instance) => stopInstance(instance).catch(() => undefined)));
  await receiver.stop();
  await s3.close();
  rmSync(s3Directory, { recursive: true, force: true });
  await database.close();
});

function credentials() {
  const { region, accessKeyId, secretAccessKey } = TEST_S3_CREDENTIALS;
  return { region, credentials: { accessKeyId, secretAccessKey } };
}

type ProductAnswer = { result: { data: { json: { variants: { price: string }[] } } } };

async function priceServedBy(instance: Instance, slug: string) {
  const input = encodeURIComponent(JSON.stringify({ json: { slug } }));
  const response = await fetch(`${instance.url}/trpc/catalog.get?input=${input}`);
  const answer = (await response.json()) as ProductAnswer;
  return answer.result.data.json.variants[0]!.price;
}

/** The product page B renders for a visitor without a session, and whether it was cached. */
async function productPageServedBy(instance: Instance, slug: string) {
  const response = await fetch(`${instance.url}/producto/${slug}`);
  expect(response.status).toBe(200);
  return { html: await response.text(), cache: response.headers.get('x-cache') };
}

/** Posts the dashboard's save form to one instance, as the admin's browser would. */
async function saveProduct(instance: Instance, cookie: string, id: number, product: object) {
  const form = new FormData();
  form.append('product', JSON.stringify(product));
  const image = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#3366cc' },
  })
    .png()
    .toBuffer();
  form.append('nueva-a', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'foto.png');
  const response = await fetch(`${instance.url}/api/admin/products/${id}`, {
    method: 'POST',
    headers: { cookie, origin: instance.url },
    body: form,
  });
  expect(response.status, await response.text()).toBe(200);
}

describe.skipIf(!isPostgres)('two instances on one PostgreSQL (needs DATABASE_URL)', () => {
  it('serves through B, within a second, a price and an image saved through A', async () => {
    const [variant] = await createTestProduct(database.db, [{ stock: 4, price: '100.00' }]);
    const [product] = await queryRows<{
      slug: string;
      brand_id: number;
      category_id: number;
    }>(
      database.db,
      sql`select slug, brand_id, category_id from products where id = ${variant!.productId}`,
    );
    // B answers the old price, and keeps that answer and its rendered page in its caches.
    expect(await priceServedBy(b, product!.slug)).toBe('100.00');
    expect(await priceServedBy(b, product!.slug)).toBe('100.00');
    const oldPrice = /US\$\s100,00/;
    expect(await productPageServedBy(b, product!.slug)).toMatchObject({ cache: 'miss' });
    const cachedPage = await productPageServedBy(b, product!.slug);
    expect(cachedPage.cache).toBe('hit');
    expect(cachedPage.html).toMatch(oldPrice);

    const cookie = await createTestCookie(a.deps, { role: 'admin' });
    await saveProduct(a, cookie, variant!.productId, {
      name: variant!.productName,
      slug: product!.slug,
      brandId: product!.brand_id,
      categoryId: product!.category_id,
      features: [],
      description: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Liviana' }] }],
      },
      variants: [
        {
          id: variant!.id,
          stockRead: 4,
          stock: 4,
          price: 80,
          storage: '256 GB',
          color: '#000000',
          colorName: 'Negro',
        },
      ],
      images: [{ upload: 'nueva-a' }],
    });

    // Both B's cached answer and the page it had rendered are dropped on A's signal.
    const servedByB = async () => {
      const { html } = await productPageServedBy(b, product!.slug);
      return { price: await priceServedBy(b, product!.slug), isPageNew: /US\$\s80,00/.test(html) };
    };
    await expect
      .poll(servedByB, { timeout: 1_000, interval: 25 })
      .toEqual({ price: '80.00', isPageNew: true });
    expect((await productPageServedBy(b, product!.slug)).html).not.toMatch(oldPrice);
    const [saved] = await queryRows<{ images: string[] }>(
      database.db,
      sql`select images from products where id = ${variant!.productId}`,
    );
    const image = await fetch(`${b.url}${saved!.images[0]!}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('counts login attempts spread over both instances against one limit', async () => {
    // A new address each time: this counts the per-client limit, not the per-account one.
    const attempt = (instance: Instance, n: number) =>
      fetch(`${instance.url}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: instance.url },
        body: JSON.stringify({ json: { email: `nadie${n}@empresa.uy`, password: 'incorrecta' } }),
      }).then((response) => response.status);
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT + 2; i++) statuses.push(await attempt(i % 2 ? b : a, i));
    // Each instance alone saw only half the attempts: the limit is shared.
    expect(statuses.slice(0, AUTH_RATE_LIMIT).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(AUTH_RATE_LIMIT)).toEqual([429, 429]);
  });

  it('delivers fifty messages once, also after an instance dies mid-delivery, repeating only what it had in flight', async () => {
    let held: ServerResponse | undefined;
    receiver.onRequest = (sender, response) => {
      // The first message A sends is never answered: A dies while it is on its way.
      if (sender !== '/a' || held) return true;
      held = response;
      return false;
    };
    // Every connection of A's pool opened before it dies: postgres-js leaves the first query
    // of a connection still opening (its array types) rejected with no handler when the pool
    // is destroyed under it, which would fail the run for the driver's sake, not ours.
    await Promise.all(
      Array.from({ length: POOL_SIZE }, () => a.pool.db.execute(sql`select pg_sleep(0.05)`)),
    );
    await database.db
      .insert(outbox)
      .values(Array.from({ length: 50 }, (_, n) => ({ kind: 'contact' as const, payload: { n } })));
    await a.deps.outbox.start();
    await b.deps.outbox.start();

    await expect.poll(() => held !== undefined, { timeout: 30_000 }).toBe(true);
    // A dies: its database connections and its request drop at once, nothing more is written.
    await (a.pool.db as unknown as { $client: postgres.Sql }).$client.end({ timeout: 0 });
    held!.socket?.destroy();
    await a.deps.outbox.stop();
    await a.app.close();

    // B delivers the rest, and A's message once its lease lapses.
    const undelivered = async () =>
      Number(
        (
          await queryRows<{ count: string }>(
            database.db,
            sql`select count(*) as count from outbox where delivered_at is null`,
          )
        )[0]!.count,
      );
    await expect.poll(undelivered, { timeout: 60_000, interval: 200 }).toBe(0);
    expect([...receiver.acknowledged.keys()].sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, n) => n),
    );
    // Delivery is at least once: what A's other lanes had on their way when it died may have
    // been answered and not recorded, and B sends it again under the same idempotency key.
    // Nothing else is sent twice.
    const counts = [...receiver.acknowledged.values()];
    expect(counts.every((count) => count <= 2)).toBe(true);
    expect(counts.filter((count) => count === 2).length).toBeLessThan(
      a.deps.config.SMTP_CONNECTIONS,
    );
  });
});
