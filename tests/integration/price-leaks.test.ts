// The no-leak rule (docs/decisions/063-negotiated-prices-never-shared.md): with the catalogue
// answer cache and the page cache on, kept far longer than the test, a company's price is seen
// by its members in pricing.forMe and nowhere else; every public answer, filled by whoever came
// first, shows visitors, other customers and other companies' members list prices only.
import { systemClock } from '@server/clock';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { products } from '@server/db/schema';
import { createAppDeps } from '@server/deps';
import { createTestDeps, SOURCE_PAGES } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { sessionCookie } from '../support/http';
import { addRule, newCompany, setCompanyOf } from '../support/pricing';
import { createTestProduct } from './orders-fixtures';

let database: TestDatabase;
let app: FastifyInstance;
let slug: string;
let variantId: number;
let productId: number;
const cookies: Record<'member' | 'loner' | 'rival', string> = { member: '', loner: '', rival: '' };

// 1234.50 less the company's 20 % is 987.60: that amount must never leave pricing.forMe.
const SECRET = ['987.60', '987,60', '98760'];
const LIST = '1234.50';

const customerIdOf = async (cookie: string) => {
  const token = cookie.replace('session=', '');
  const { validateSessionToken } = await import('@server/auth/session');
  return (await validateSessionToken(database.db, token, systemClock.now()))!.customer!.id;
};

beforeAll(async () => {
  database = await createTestDatabase();
  const config = createTestDeps(database.db).config;
  const deps = createAppDeps(database.db, config, { catalogCacheTtlMs: 60_000 });
  Object.assign(deps.config, SOURCE_PAGES);
  app = await buildApp(deps);
  const [variant] = await createTestProduct(database.db, [{ stock: 8, price: LIST }], 'Servidor');
  variantId = variant!.id;
  productId = variant!.productId;
  const [product] = await database.db
    .select({ slug: products.slug, brandId: products.brandId })
    .from(products)
    .where(eq(products.id, variant!.productId));
  slug = product!.slug;

  const company = await newCompany(database.db, 'Acme S.A.');
  const rivalCompany = await newCompany(database.db, 'Rival S.A.');
  cookies.member = await sessionCookie(deps, 'compras@acme.uy');
  cookies.loner = await sessionCookie(deps, 'sola@empresa.uy');
  cookies.rival = await sessionCookie(deps, 'compras@rival.uy');
  await setCompanyOf(database.db, await customerIdOf(cookies.member), company);
  await setCompanyOf(database.db, await customerIdOf(cookies.rival), rivalCompany);
  await addRule(database.db, {
    companyId: company,
    kind: 'brand',
    brandId: product!.brandId,
    percentOff: '20',
  });
  await addRule(database.db, { companyId: rivalCompany, kind: 'all', percentOff: '5' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const trpcUrl = (path: string, input: unknown) =>
  `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/**
 * Every public answer about the product: its page, the shop's and home's pages with its card,
 * and the catalogue procedures they use, the shop sorted and filtered by price included.
 */
const publicUrls = () => [
  `/producto/${slug}`,
  '/tienda?sort=asc',
  '/',
  trpcUrl('catalog.get', { slug }),
  trpcUrl('catalog.cartLines', { variantIds: [variantId], quantities: [3] }),
  trpcUrl('catalog.search', { term: 'Servidor', page: 1 }),
  trpcUrl('catalog.list', { sort: 'asc' }),
  trpcUrl('catalog.list', { sort: 'desc', minPrice: 1000 }),
  trpcUrl('catalog.featured', { sort: 'asc' }),
];
/** The shop's list under the member's price and over the list price (1,000 < 1,234.50). */
const underListUrl = () => trpcUrl('catalog.list', { sort: 'asc', maxPrice: 1000 });
const forMeUrl = () => trpcUrl('pricing.forMe', { lines: [{ variantId, quantity: 3 }] });
const privateUrls = () => [
  forMeUrl(),
  trpcUrl('pricing.cards', { productIds: [productId] }),
  trpcUrl('pricing.shop', { sort: 'asc', maxPrice: 1000 }),
];

const read = (url: string, cookie?: string) =>
  app.inject({ url, headers: cookie ? { cookie } : {} });

const leaks = (body: string) => SECRET.filter((amount) => body.includes(amount));

describe('a company’s price', () => {
  it('reaches its member through pricing.forMe only, privately', async () => {
    for (const url of publicUrls()) {
      const answer = await read(url, cookies.member);
      expect(answer.statusCode, url).toBe(200);
      expect(leaks(answer.body), url).toEqual([]);
      expect(answer.body, url).toContain(
        url.startsWith('/') && !url.startsWith('/trpc') ? '1.234,50' : LIST,
      );
    }
    for (const url of privateUrls()) {
      const mine = await read(url, cookies.member);
      expect(mine.statusCode, url).toBe(200);
      expect(mine.headers['cache-control'], url).toBe('private, no-store');
      expect(mine.headers['x-cache'], url).toBeUndefined();
    }
    expect((await read(forMeUrl(), cookies.member)).body).toContain('987.60');
    expect((await read(privateUrls()[1]!, cookies.member)).body).toContain('987.60');
    // The member's own shop under 1,000 holds the product; the shared one never does.
    expect((await read(privateUrls()[2]!, cookies.member)).body).toContain(slug);
    expect((await read(underListUrl(), cookies.member)).body).not.toContain(slug);
  });

  it('never reaches a visitor, a customer without company or another company’s member', async () => {
    // Twice each: the second read is answered from the caches the first (or the member) filled.
    for (const reader of [undefined, cookies.loner, cookies.rival, undefined]) {
      for (const url of publicUrls()) {
        const answer = await read(url, reader);
        expect(answer.statusCode, url).toBe(200);
        expect(leaks(answer.body), `${url} as ${reader ?? 'visitor'}`).toEqual([]);
      }
      // The price filter never lets the member's price through either.
      expect((await read(underListUrl(), reader)).body).not.toContain(slug);
      for (const url of privateUrls().slice(1)) {
        const answer = await read(url, reader);
        expect(leaks(answer.body), `${url} as ${reader ?? 'visitor'}`).toEqual([]);
        if (reader) expect(answer.body, url).not.toContain(slug);
      }
    }
    // Visitors were answered from the caches by now, and still saw the list price.
    const cached = await read(trpcUrl('catalog.get', { slug }));
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.body).toContain(LIST);
    const page = await read(`/producto/${slug}`);
    expect(page.headers['x-cache']).toBe('hit');
  });

  it('answers pricing.forMe with each reader’s own price, and visitors not at all', async () => {
    const priceIn = (body: string) =>
      (JSON.parse(body) as { result: { data: { json: { unitPrice: string }[] } } }).result.data
        .json[0]!.unitPrice;
    expect(priceIn((await read(forMeUrl(), cookies.member)).body)).toBe('987.60');
    expect(priceIn((await read(forMeUrl(), cookies.loner)).body)).toBe(LIST);
    // The rival company's 5 %: 1234.50 less 5 % is 1172.775, 1172.78 half up.
    expect(priceIn((await read(forMeUrl(), cookies.rival)).body)).toBe('1172.78');
    const visitor = await read(forMeUrl());
    expect(visitor.statusCode).toBe(401);
    expect(leaks(visitor.body)).toEqual([]);
  });
});
