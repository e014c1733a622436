import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { eq } from 'drizzle-orm';
import superjson, { type SuperJSONResult } from 'superjson';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { products } from '@server/db/schema';
import { productToFormValues } from '@client/features/dashboard-products/product-form-values';
import type { AppRouter } from '@server/trpc/router';
import { slugify } from '@shared/slug';
import { callerFor, createTestUser } from '../support/context';
import { JSON_MUTATION, SAME_ORIGIN } from '../support/http';
import { requestQuote } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { postMultipart } from '../support/uploads';
import { createTestProduct } from './orders-fixtures';

// The real cache, with a TTL far longer than the test: only invalidation can refresh it.
const world = useTestApp({ http: true, catalogCacheTtlMs: 60_000 });

type ProductAnswer = {
  result: { data: { json: { name: string; variants: { stock: number }[] } } };
};

async function getProduct(slug: string, headers: Record<string, string> = {}) {
  const input = encodeURIComponent(JSON.stringify({ json: { slug } }));
  const response = await world.app.inject({ url: `/trpc/catalog.get?input=${input}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<ProductAnswer>().result.data.json;
}

async function newProduct(stock: number) {
  const [variant] = await createTestProduct(world.db, [{ stock, price: '100.00' }]);
  const [product] = await world.db
    .select({ slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.id, variant!.productId));
  return { variant: variant!, slug: product!.slug, name: product!.name };
}

/** Renames the product behind the app's back: only an invalidation can reveal it. */
async function renameBehindTheApp(productId: number, name: string) {
  await world.db.update(products).set({ name }).where(eq(products.id, productId));
}

describe('catalogue answers cache', () => {
  it('answers a repeated read from memory while nothing in the catalogue changes', async () => {
    const { variant, slug, name } = await newProduct(7);
    expect((await getProduct(slug)).name).toBe(name);
    await renameBehindTheApp(variant.productId, 'Cambiado por fuera');
    expect((await getProduct(slug)).name).toBe(name);

    // Public and account mutations do not touch the catalogue: the cache stays warm.
    const visitor = callerFor(world.deps);
    const customer = await createTestUser(world.deps);
    await visitor.auth.register({ fullName: 'Nueva', email: uniqueEmail(), password: 'secreto1' });
    await visitor.auth.login({ email: customer.user.email, password: 'secreto123' });
    await callerFor(world.deps, customer).auth.logout();
    await visitor.contact.send({
      name: 'Comercial Norte',
      email: 'compras@norte.com.uy',
      message: 'Quisiera una cotización.',
    });
    await visitor.contact.subscribe({ email: uniqueEmail() });
    expect((await getProduct(slug)).name).toBe(name);
  });

  it('is emptied by each change to what the shop shows', async () => {
    const admin = await createTestUser(world.deps, { role: 'admin' });
    const customer = await createTestUser(world.deps);
    const changes: Record<
      string,
      (product: Awaited<ReturnType<typeof newProduct>>) => Promise<string | void>
    > = {
      'taxonomy rename': async ({ variant }) => {
        const [row] = await world.db
          .select({ brandId: products.brandId })
          .from(products)
          .where(eq(products.id, variant.productId));
        await callerFor(world.deps, admin).admin.taxonomies.update({
          kind: 'brand',
          id: row!.brandId,
          name: `Marca ${uniqueEmail()}`,
        });
      },
      'taxonomy create': async () => {
        await callerFor(world.deps, admin).admin.taxonomies.create({
          kind: 'category',
          name: uniqueEmail(),
        });
      },
      quote: async ({ variant }) => {
        await requestQuote(world.deps, customer, [{ variantId: variant.id, quantity: 1 }]);
      },
      'status change that returns stock': async ({ variant }) => {
        const order = await requestQuote(world.deps, customer, [
          { variantId: variant.id, quantity: 1 },
        ]);
        await getProduct(await slugOf(variant.productId));
        await renameBehindTheApp(variant.productId, 'Todavía oculto');
        await callerFor(world.deps, admin).admin.orders.setStatus({
          id: order.id,
          status: 'Cancelado',
          reason: 'Sin stock',
        });
        return 'Todavía oculto';
      },
      'product save': async ({ variant }) =>
        saveUnchanged(variant.productId, await loginToken(admin.user.email)),
      'product delete': async () => {
        const other = await newProduct(1);
        await callerFor(world.deps, admin).admin.products.delete({ id: other.variant.productId });
      },
    };
    for (const [change, run] of Object.entries(changes)) {
      const product = await newProduct(5);
      expect((await getProduct(product.slug)).name).toBe(product.name);
      await renameBehindTheApp(product.variant.productId, `Renombrado (${change})`);
      expect((await getProduct(product.slug)).name, change).toBe(product.name);
      const expected = (await run(product)) ?? `Renombrado (${change})`;
      expect((await getProduct(product.slug)).name, change).toBe(expected);
    }
  });

  it('keeps status changes that move no stock out of it', async () => {
    const admin = await createTestUser(world.deps, { role: 'admin' });
    const customer = await createTestUser(world.deps);
    const { variant, slug, name } = await newProduct(4);
    const order = await requestQuote(world.deps, customer, [
      { variantId: variant.id, quantity: 1 },
    ]);
    expect((await getProduct(slug)).name).toBe(name);
    await renameBehindTheApp(variant.productId, 'Sin cambios de stock');
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: order.id,
      status: 'Concretado',
    });
    expect((await getProduct(slug)).name).toBe(name);
  });

  it('shows the stock a quote just reserved', async () => {
    const { variant, slug } = await newProduct(5);
    expect((await getProduct(slug)).variants[0]?.stock).toBe(5);
    const customer = await createTestUser(world.deps);
    await requestQuote(world.deps, customer, [{ variantId: variant.id, quantity: 2 }]);
    expect((await getProduct(slug)).variants[0]?.stock).toBe(3);
  });

  it('shows a product saved through the upload route at once', async () => {
    const { variant } = await newProduct(1);
    const [taxonomy] = await world.db
      .select({ brandId: products.brandId, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, variant.productId));
    const admin = await createTestUser(world.deps, { role: 'admin' });
    // Signing in is a mutation too: do it before the answer is cached.
    const cookie = `session=${await loginToken(admin.user.email)}`;
    const name = `Monitor Recién Guardado ${Date.now()}`;
    const listed = async () => {
      const input = encodeURIComponent(JSON.stringify({ json: { search: name } }));
      const response = await world.app.inject({ url: `/trpc/catalog.list?input=${input}` });
      return response.json<{ result: { data: { json: { total: number } } } }>().result.data.json
        .total;
    };
    expect(await listed()).toBe(0);

    const form = new FormData();
    form.append(
      'product',
      JSON.stringify({
        name,
        slug: slugify(name),
        ...taxonomy,
        features: [],
        description: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Nuevo.' }] }],
        },
        variants: [{ stock: 2, price: 150, storage: '27"', color: '#000000', colorName: 'Negro' }],
        images: [{ upload: 'nueva-a' }],
      }),
    );
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    form.append('nueva-a', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
    const body = new Response(form);
    const saved = await world.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: {
        'content-type': body.headers.get('content-type')!,
        ...SAME_ORIGIN,
        cookie,
      },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(saved.statusCode).toBe(201);
    expect(await listed()).toBe(1);
  });

  it('leaves signed-in reads to tRPC, which refreshes their cookie', async () => {
    const { variant, slug, name } = await newProduct(3);
    const customer = await createTestUser(world.deps);
    // A signed-in read refreshes its session cookie: that answer must not be kept.
    const token = await loginToken(customer.user.email);
    expect((await getProduct(slug, { cookie: `session=${token}` })).name).toBe(name);
    await world.db
      .update(products)
      .set({ name: 'Nombre nuevo' })
      .where(eq(products.id, variant.productId));
    expect((await getProduct(slug)).name).toBe('Nombre nuevo');
  });
});

let emailCounter = 0;
const uniqueEmail = () => `cache-${Date.now()}-${++emailCounter}@empresa.uy`;

async function slugOf(productId: number) {
  const [row] = await world.db
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, productId));
  return row!.slug;
}

/** The dashboard's save of the product as it is now (its own images, its current stock). */
async function saveUnchanged(productId: number, sessionToken: string) {
  const admin = await createTestUser(world.deps, { role: 'admin' });
  const product = await callerFor(world.deps, admin).admin.products.get({
    slug: await slugOf(productId),
  });
  const saved = await postMultipart(world.app, `/api/admin/products/${productId}`, {
    fields: {
      product: JSON.stringify({
        ...productToFormValues(product),
        description: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texto' }] }],
        },
      }),
    },
    cookie: `session=${sessionToken}`,
  });
  expect(saved.status).toBe(200);
}

async function loginToken(email: string) {
  const response = await world.app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    headers: JSON_MUTATION,
    payload: { json: { email, password: 'secreto123' } },
  });
  const cookie = String(response.headers['set-cookie']);
  return /session=([^;]+)/.exec(cookie)![1]!;
}

describe('only the plain JSON answer is cached', () => {
  // The batch form, as the site's httpBatchLink asks: tRPC streams only batches.
  const url = (slug: string) =>
    `/trpc/catalog.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { slug } } }))}`;
  const nameIn = (body: string) =>
    (JSON.parse(body) as { result: { data: { json: { name: string } } } }[])[0]!.result.data.json
      .name;

  it('a streamed (jsonl) request neither fills nor reads the cache', async () => {
    const { slug, name, variant } = await newProduct(2);
    const streamed = await world.app.inject({
      url: url(slug),
      headers: { 'trpc-accept': 'application/jsonl' },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['transfer-encoding']).toBe('chunked');

    const plain = await world.app.inject({ url: url(slug) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['transfer-encoding']).toBeUndefined();
    expect(nameIn(plain.body)).toBe(name);

    // Now cached: the next plain answer comes from memory with only the body's headers...
    const cached = await world.app.inject({ url: url(slug) });
    expect(cached.body).toBe(plain.body);
    expect(cached.headers['transfer-encoding']).toBeUndefined();
    expect(cached.headers.connection).not.toBe('close');
    // ...and requests for another form go to tRPC, which sees a change the cache hides.
    await renameBehindTheApp(variant.productId, 'Visto por tRPC');
    expect(nameIn((await world.app.inject({ url: url(slug) })).body)).toBe(name);
    for (const headers of [
      { 'trpc-accept': 'application/jsonl' },
      { 'trpc-accept': 'application/json' },
      { accept: 'application/jsonl' },
      { accept: 'text/event-stream' },
    ]) {
      const again = await world.app.inject({ url: url(slug), headers });
      expect(again.body, JSON.stringify(headers)).toContain('Visto por tRPC');
    }
  });

  it("the site's own client reads a product after someone asked for the streamed form", async () => {
    const { slug, name } = await newProduct(3);
    await world.app.listen({ port: 0, host: '127.0.0.1' });
    const address = world.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const poison = await fetch(base + url(slug), {
      headers: { 'trpc-accept': 'application/jsonl' },
    });
    await poison.text();
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${base}/trpc`, transformer: superjson })],
    });
    for (let i = 0; i < 2; i++) {
      const product = await client.catalog.get.query({ slug });
      expect(product?.name).toBe(name);
    }
    const raw = await fetch(base + url(slug));
    expect(raw.headers.get('transfer-encoding')).toBeNull();
    const parsed = superjson.deserialize<{ name: string }>(
      ((await raw.json()) as { result: { data: SuperJSONResult } }[])[0]!.result.data,
    );
    expect(parsed.name).toBe(name);
  });
});

describe('security headers', () => {
  it('go out on every answer, a catalogue cache hit included', async () => {
    const list = `/trpc/catalog.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`;
    await world.app.inject({ url: list });
    const answers = await Promise.all(
      ['/healthz', list, '/no-existe', '/trpc/auth.me'].map((url) => world.app.inject({ url })),
    );
    expect(answers[1]!.headers['x-cache']).toBe('hit');
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      // HSTS only in production: the store is served over plain http in tests.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('compressed answers and the x-cache header', () => {
  const listUrl = (maxPrice: number) =>
    `/trpc/catalog.list?input=${encodeURIComponent(JSON.stringify({ json: { maxPrice } }))}`;

  it('says miss then hit, and keeps each encoding of an answer to send it again as it is', async () => {
    await newProduct(5);
    await newProduct(6);
    const url = listUrl(9_000 + Math.random());
    const ask = (acceptEncoding?: string) =>
      world.app.inject({
        url,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const first = await ask('br, gzip');
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/);
    const plain = brotliDecompressSync(first.rawPayload).toString();
    expect(plain.length).toBeGreaterThan(1024);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);

    const second = await ask('br, gzip');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Stored compressed: the hit sent the bytes kept with the answer, not a new compression.
    const kept = await world.deps.catalogCache.get(url)!.compressed!.br!;
    expect(kept.equals(second.rawPayload)).toBe(true);

    const gzipped = await ask('gzip');
    expect(gzipped.headers['x-cache']).toBe('hit');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain);

    const identity = await ask();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
    expect((await ask('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('sends small tRPC answers as they are, larger uncached ones compressed in one piece', async () => {
    const small = await world.app.inject({
      url: '/trpc/auth.me',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['transfer-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);

    // Accepting text too keeps the request out of the cache: @fastify/compress answers it.
    await newProduct(7);
    await newProduct(8);
    const large = await world.app.inject({
      url: listUrl(8_000 + Math.random()),
      headers: { 'accept-encoding': 'br', accept: 'application/json, text/plain' },
    });
    expect(large.headers['x-cache']).toBeUndefined();
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['transfer-encoding']).toBeUndefined();
    expect(Number(large.headers['content-length'])).toBe(large.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('result');
  });

  it('sends no x-cache header on answers it does not cache', async () => {
    const response = await world.app.inject({
      url: '/trpc/blog.list?input=%7B%22json%22%3A%7B%7D%7D',
    });
    expect(response.headers['x-cache']).toBeUndefined();
  });
});
