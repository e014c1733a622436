// A page that fails on the server (docs/decisions/078-account-security-per-asvs.md): the visitor
// reads a Spanish error page with status 500, never a stack trace or English, and the failure is
// written with its cause through the request's logger (redacted like every line).
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '@server/db/schema';
import { createLogger, REDACTED } from '@server/ops/logger';
import { SERVER_ERROR_PAGE } from '@server/ssr/server-error-page';
import type { RichTextDoc } from '@server/db/schema/catalog';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

/**
 * The seam for a render that throws: the document's shell (routes/__root.tsx) draws
 * ClientExtras outside every route's boundary, so what it throws escapes renderToString. It
 * draws nothing on the server anyway; here it throws while `shell.fails` is set.
 */
const shell = vi.hoisted(() => ({ fails: false }));
vi.mock('@client/components/layout/client-extras', () => ({
  ClientExtras: () => {
    if (shell.fails) {
      // A field the logger must redact, as a database error's parameters would be.
      throw Object.assign(new TypeError('el documento no se pudo dibujar'), {
        params: ['hash-que-no-debe-salir'],
      });
    }
    return null;
  },
}));
afterEach(() => {
  shell.fails = false;
});

const logLines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    done();
  },
});
// Pages rendered from the source entry (src/client/entry-server.tsx), as in ssr-pages.test.ts.
const world = useTestApp({ http: true, pages: true, logger: createLogger(sink) });

/** A product the page draws as usual. */
async function productOnSale() {
  const [variant] = await createTestProduct(world.db, [{ stock: 3, price: '120.00' }]);
  const [product] = await world.db
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, variant!.productId));
  return product!;
}

/**
 * A product whose stored description the page cannot draw: a paragraph whose content is text
 * instead of a list of nodes, as a row written by hand or by an older version might hold. The
 * page's head() throws on it (lib/seo.ts reads the description's text), while the router loads.
 */
async function productThatCannotBeDrawn() {
  const [variant] = await createTestProduct(world.db, [{ stock: 3, price: '120.00' }]);
  const broken = { type: 'doc', content: [{ type: 'paragraph', content: 'texto suelto' }] };
  const [product] = await world.db
    .update(products)
    .set({ description: broken as unknown as RichTextDoc })
    .where(eq(products.id, variant!.productId))
    .returning({ slug: products.slug });
  return product!.slug;
}

const failuresOf = (requestId: string, message: string) =>
  logLines.filter((line) => line.reqId === requestId && line.msg === message);

describe('a render that throws', () => {
  it('answers the Spanish 500 page and logs the failure with its cause through the logger', async () => {
    const { slug } = await productOnSale();
    shell.fails = true;
    const response = await world.app.inject({
      url: `/producto/${slug}`,
      headers: { 'x-request-id': 'render-falla-1' },
    });

    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(SERVER_ERROR_PAGE);
    expect(response.body).toContain('Ocurrió un error inesperado.');
    expect(response.body).not.toMatch(/Internal Server Error|TypeError|no se pudo dibujar/);

    const failures = failuresOf('render-falla-1', 'page render failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 50,
      err: { type: 'TypeError', message: 'el documento no se pudo dibujar', params: REDACTED },
    });
    expect(JSON.stringify(failures[0])).not.toContain('hash-que-no-debe-salir');
  });

  it('leaves the next render of the same page unharmed', async () => {
    const { slug } = await productOnSale();
    shell.fails = true;
    expect((await world.app.inject({ url: `/producto/${slug}` })).statusCode).toBe(500);
    shell.fails = false;
    const again = await world.app.inject({ url: `/producto/${slug}` });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<html lang="es"');
  });
});

describe('a route whose loading throws', () => {
  it('answers the store’s Spanish error page with 500 and logs its cause', async () => {
    const slug = await productThatCannotBeDrawn();
    const response = await world.app.inject({
      url: `/producto/${slug}`,
      headers: { 'x-request-id': 'ruta-falla-1' },
    });

    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Algo salió mal');
    expect(response.body).toContain('Ocurrió un error inesperado.');
    expect(response.body).not.toMatch(/Something went wrong|\n\s+at /);

    const failures = failuresOf('ruta-falla-1', 'page route failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 50,
      routeId: '/_store/producto/$slug',
      err: { type: 'TypeError', message: expect.stringContaining('is not a function') as string },
    });
    expect((failures[0]!.err as { stack: string }).stack).toContain('seo');
  });
});
