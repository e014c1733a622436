import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@server/db/schema';
import { createAppDeps } from '@server/deps';
import type { AppDeps } from '@server/trpc/context';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { createTestProduct } from './orders-fixtures';

let database: TestDatabase;
let deps: AppDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  // The real cache, with a TTL far longer than the test: only invalidation can refresh it.
  const testDeps = createTestDeps(database.db);
  deps = createAppDeps(database.db, testDeps.config, { catalogCacheTtlMs: 60_000 });
});
afterAll(() => database.close());

describe('catalogue cache freshness', () => {
  it('shows the stock a quote just reserved', async () => {
    const [variant] = await createTestProduct(database.db, [{ stock: 5, price: '100.00' }]);
    const [product] = await database.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.id, variant!.productId));
    const visitor = callerFor(deps);
    const before = await visitor.catalog.get({ slug: product!.slug });
    expect(before?.variants[0]?.stock).toBe(5);

    const customer = await createTestUser(deps);
    await callerFor(deps, customer).orders.requestQuote({
      items: [{ variantId: variant!.id, quantity: 2 }],
      email: 'compras@empresa.uy',
      idempotencyKey: crypto.randomUUID(),
    });

    const after = await visitor.catalog.get({ slug: product!.slug });
    expect(after?.variants[0]?.stock).toBe(3);
  });

  it('keeps answering from memory while nothing was written', async () => {
    const [variant] = await createTestProduct(database.db, [{ stock: 7, price: '50.00' }]);
    const [product] = await database.db
      .select({ slug: products.slug, name: products.name })
      .from(products)
      .where(eq(products.id, variant!.productId));
    const visitor = callerFor(deps);
    await visitor.catalog.get({ slug: product!.slug });
    // A write that bypasses the app is not seen until the cache expires or a mutation runs.
    await database.db
      .update(products)
      .set({ name: 'Cambiado por fuera' })
      .where(eq(products.id, variant!.productId));
    expect((await visitor.catalog.get({ slug: product!.slug }))?.name).toBe(product!.name);
    await visitor.auth.logout();
    expect((await visitor.catalog.get({ slug: product!.slug }))?.name).toBe('Cambiado por fuera');
  });
});
