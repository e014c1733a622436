// Every refusal the HTTP layer gives is a Spanish JSON answer from the app's own handlers,
// whatever refused the request: a schema, Fastify, a plugin, tRPC or an unexpected failure.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { queryRows } from '@server/db/queries';
import { brands, categories } from '@server/db/schema';
import { messages } from '@shared/messages';
import { RICH_TEXT_TOO_DEEP, RICH_TEXT_TOO_MANY_NODES } from '@shared/schemas/rich-text';
import { expectSpanishAnswer } from '../support/answers';
import { createTestCookie, createTestDeps } from '../support/context';
import { whileInsertsFail } from '../support/failing-inserts';
import { JSON_MUTATION, SAME_ORIGIN } from '../support/http';
import { pngImage, postMultipart, sampleProduct, storedFiles } from '../support/uploads';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });
let taxonomies: { brandId: number; categoryId: number };

beforeAll(async () => {
  const [brand] = await world.db.insert(brands).values({ name: 'Lenovo' }).returning();
  const [category] = await world.db.insert(categories).values({ name: 'Notebooks' }).returning();
  taxonomies = { brandId: brand!.id, categoryId: category!.id };
});

const productCount = async () =>
  (await queryRows<{ n: number }>(world.db, sql`select count(*)::int as n from products`))[0]!.n;

/**
 * `levels` blockquotes, one inside the other, around a paragraph with text; written as text
 * because JSON.stringify itself overflows the stack on a few thousand levels.
 */
const nestedDocJson = (levels: number) =>
  `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(levels)}` +
  `{"type":"paragraph","content":[{"type":"text","text":"Hondo"}]}${']}'.repeat(levels)}]}`;

const saveWithDescription = async (descriptionJson: string, slug: string) => {
  const product = JSON.stringify(sampleProduct(taxonomies, { slug, description: undefined }));
  return postMultipart(world.app, '/api/admin/products', {
    fields: { product: product.replace(/}$/, `,"description":${descriptionJson}}`) },
    files: [{ field: 'nueva-a', name: 'a.png', data: await pngImage(64, 64) }],
    cookie: world.adminCookie,
  });
};

describe('rich-text descriptions', () => {
  it('refuses 2,400 nested blockquotes with a Spanish message at the description', async () => {
    const result = await saveWithDescription(nestedDocJson(2_400), 'muy-hondo');
    expect(result).toMatchObject({
      status: 400,
      body: { error: RICH_TEXT_TOO_DEEP, fieldErrors: { description: [RICH_TEXT_TOO_DEEP] } },
    });
    expect(await productCount()).toBe(0);
    expect(await storedFiles(world.deps.config.UPLOADS_DIR)).toEqual([]);
  });

  it('accepts 20 levels and refuses 21', async () => {
    // doc > 17 blockquotes > paragraph > text is 20 levels.
    expect((await saveWithDescription(nestedDocJson(17), 'veinte-niveles')).status).toBe(201);
    const deeper = await saveWithDescription(nestedDocJson(18), 'veintiun-niveles');
    expect(deeper.body.fieldErrors).toEqual({ description: [RICH_TEXT_TOO_DEEP] });
  });

  it('refuses more than 5,000 nodes', async () => {
    const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'a' }] };
    const wide = { type: 'doc', content: Array.from({ length: 2_500 }, () => paragraph) };
    const result = await saveWithDescription(JSON.stringify(wide), 'muy-ancho');
    expect(result.body.fieldErrors).toEqual({ description: [RICH_TEXT_TOO_MANY_NODES] });
  });

  it('answers an unexpected failure inside the route through the app handler', async () => {
    await whileInsertsFail(world.db, 'products', async () => {
      const before = await storedFiles(world.deps.config.UPLOADS_DIR);
      const result = await saveWithDescription(nestedDocJson(1), 'falla');
      // The create form's own text for an unexpected failure, never the database's words.
      expect(result).toEqual({ status: 500, body: { error: messages.productCreateUnexpected } });
      expect(await storedFiles(world.deps.config.UPLOADS_DIR)).toEqual(before);
    });
  });
});

describe('answers of the HTTP layer', () => {
  it.each([
    [
      'a body that is not JSON',
      { method: 'POST', url: '/trpc/contact.send', headers: JSON_MUTATION, payload: '{"json":' },
      400,
      messages.invalidJson,
    ],
    [
      'a body over 2 MB',
      {
        method: 'POST',
        url: '/trpc/contact.send',
        headers: JSON_MUTATION,
        payload: JSON.stringify({ json: { message: 'x'.repeat(3 * 1024 * 1024) } }),
      },
      413,
      messages.bodyTooLarge,
    ],
    [
      'a form-encoded body',
      {
        method: 'POST',
        url: '/trpc/contact.send',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN },
        payload: 'name=x',
      },
      415,
      messages.unsupportedMediaType,
    ],
    [
      'a plain-text body',
      {
        method: 'POST',
        url: '/trpc/contact.send',
        headers: { 'content-type': 'text/plain', ...SAME_ORIGIN },
        payload: '{"json":{}}',
      },
      415,
      messages.unsupportedMediaType,
    ],
    ['an unknown procedure', { method: 'GET', url: '/trpc/nada.existe' }, 404, messages.notFound],
    [
      'a GET of a mutation',
      { method: 'GET', url: '/trpc/contact.send?input=%7B%7D' },
      405,
      messages.methodNotAllowed,
    ],
    ['an unknown API address', { method: 'GET', url: '/api/nada' }, 404, messages.notFound],
    [
      'a POST to an unknown address',
      { method: 'POST', url: '/nada', headers: SAME_ORIGIN },
      404,
      messages.notFound,
    ],
    ['a malformed URL', { method: 'GET', url: '/trpc/%E0%A4%A' }, 400, messages.badRequest],
    [
      'a multipart body without its boundary',
      {
        method: 'POST',
        url: '/api/admin/posts',
        headers: { 'content-type': 'multipart/form-data', ...SAME_ORIGIN },
        payload: 'nada',
      },
      401,
      messages.postUnauthorized,
    ],
  ] as const)('answers %s in Spanish', async (_name, request, status, text) => {
    const response = await world.app.inject(request as InjectOptions);
    expect(response.statusCode).toBe(status);
    expectSpanishAnswer(response.body);
    expect(response.body).toContain(text);
  });

  it('answers a broken multipart body of an admin in Spanish', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: {
        'content-type': 'multipart/form-data; boundary=----x',
        cookie: world.adminCookie,
        ...SAME_ORIGIN,
      },
      payload: '------x\r\nContent-Disposition: form-data; name="product"\r\n\r\n{"a"',
    });
    expect(response.statusCode).toBe(400);
    expectSpanishAnswer(response.body);
  });
});

describe('a page address that does not decode', () => {
  let pagesApp: FastifyInstance;
  beforeAll(async () => {
    const pageDeps = createTestDeps(world.db, { pages: true });
    pagesApp = await buildApp(pageDeps);
  });
  afterAll(() => pagesApp.close());

  /** What a browser sends when it opens an address. */
  const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('answers a browser with the store page, status 400, a Spanish text and the way home', async () => {
    for (const url of ['/tienda/%E0%A4%A', '/producto/%E0%A4%A?ver=1', '/%E0%A4%A']) {
      const response = await pagesApp.inject({ url, headers: BROWSER });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      // The hooks ran as for any page: security headers, no caching by the browser.
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.body;
      expect(html).toContain('<title>Dirección inválida · Tienda</title>');
      expect(html).toMatch(/<h1[^>]*>Dirección inválida<\/h1>/);
      expect(html).toContain('La dirección que abriste no es válida.');
      // The store layout: its header (with the cart) and footer (with the newsletter).
      expect(html).toMatch(/<header[^>]*>[\s\S]*aria-label="Carrito, 0 artículos"/);
      expect(html).toMatch(/<footer[^>]*>[\s\S]*Suscribirme/);
      expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Volver al inicio<\/a>/);
    }
  });

  it('shows a signed-in customer their own header', async () => {
    const cookie = await createTestCookie(world.deps);
    const response = await pagesApp.inject({
      url: '/tienda/%E0%A4%A',
      headers: { ...BROWSER, cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('aria-label="Mi cuenta"');
  });

  it.each([
    ['the API', 'GET', '/trpc/%E0%A4%A', BROWSER],
    ['uploads', 'GET', '/uploads/%E0%A4%A', BROWSER],
    ['assets', 'GET', '/assets/%E0%A4%A', BROWSER],
    ['a caller that asks for JSON', 'GET', '/tienda/%E0%A4%A', { accept: 'application/json' }],
    ['a caller that names no type', 'GET', '/tienda/%E0%A4%A', {}],
    ['a POST', 'POST', '/tienda/%E0%A4%A', { ...BROWSER, ...SAME_ORIGIN }],
  ] as const)('answers %s with the JSON 400', async (_name, method, url, headers) => {
    const response = await pagesApp.inject({ method, url, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.badRequest });
  });

  it('answers the JSON 400 when pages are not built', async () => {
    const bareDeps = createTestDeps(world.db);
    Object.assign(bareDeps.config, { ssrEntry: '/no-existe/entry.js', clientDir: '/no-existe' });
    const bareApp = await buildApp(bareDeps);
    const response = await bareApp.inject({ url: '/tienda/%E0%A4%A', headers: BROWSER });
    await bareApp.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.badRequest });
  });

  it('keeps a well-formed address as it is: a literal % and the path it is sent to are not found', async () => {
    for (const url of ['/tienda/100%25', '/.direccion-invalida']) {
      const response = await pagesApp.inject({ url, headers: BROWSER });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Página no encontrada');
    }
  });
});
