import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { products } from '@server/db/schema';
import { createAppDeps } from '@server/deps';
import type { AppDeps } from '@server/trpc/context';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { JSON_MUTATION } from '../support/http';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { createTestProduct } from './orders-fixtures';

let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // The real cache, with a TTL far longer than the test: only invalidation can refresh it.
  deps = createAppDeps(database.db, createTestDeps(database.db).config, {
    catalogCacheTtlMs: 60_000,
  });
  app = await buildApp(deps);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type ProductAnswer = {
  result: { data: { json: { name: string; variants: { stock: number }[] } } };
};

async function getProduct(slug: string, headers: Record<string, string> = {}) {
  const input = encodeURIComponent(JSON.stringify({ json: { slug } }));
  const response = await app.inject({ url: `/trpc/catalog.get?input=${input}`, headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as ProductAnswer).result.data.json;
}

async function newProduct(stock: number) {
  const [variant] = await createTestProduct(database.db, [{ stock, price: '100.00' }]);
  const [product] = await database.db
    .select({ slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.id, variant!.productId));
  return { variant: variant!, slug: product!.slug, name: product!.name };
}

describe('catalogue answers cache', () => {
  it('answers a repeated read from memory until a mutation runs', async () => {
    const { variant, slug, name } = await newProduct(7);
    expect((await getProduct(slug)).name).toBe(name);
    // A write that bypasses the app is not seen while the answer is cached...
    await database.db
      .update(products)
      .set({ name: 'Cambiado por fuera' })
      .where(eq(products.id, variant.productId));
    expect((await getProduct(slug)).name).toBe(name);
    // ...and any successful mutation drops every cached answer.
    await callerFor(deps).auth.logout();
    expect((await getProduct(slug)).name).toBe('Cambiado por fuera');
  });

  it('shows the stock a quote just reserved', async () => {
    const { variant, slug } = await newProduct(5);
    expect((await getProduct(slug)).variants[0]?.stock).toBe(5);
    const customer = await createTestUser(deps);
    await callerFor(deps, customer).orders.requestQuote({
      items: [{ variantId: variant.id, quantity: 2 }],
      email: 'compras@empresa.uy',
      idempotencyKey: crypto.randomUUID(),
    });
    expect((await getProduct(slug)).variants[0]?.stock).toBe(3);
  });

  it('leaves signed-in reads to tRPC, which refreshes their cookie', async () => {
    const { variant, slug, name } = await newProduct(3);
    const customer = await createTestUser(deps);
    // A signed-in read refreshes its session cookie: that answer must not be kept.
    const token = await loginToken(customer.user.email);
    expect((await getProduct(slug, { cookie: `session=${token}` })).name).toBe(name);
    await database.db
      .update(products)
      .set({ name: 'Nombre nuevo' })
      .where(eq(products.id, variant.productId));
    expect((await getProduct(slug)).name).toBe('Nombre nuevo');
  });
});

async function loginToken(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    headers: JSON_MUTATION,
    payload: { json: { email, password: 'secreto123' } },
  });
  const cookie = String(response.headers['set-cookie']);
  return /session=([^;]+)/.exec(cookie)![1]!;
}
