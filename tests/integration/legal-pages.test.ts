// /privacidad and /terminos: real pages rendered on the server like the other public
// pages, with the text staff save in the dashboard; saving refreshes the page cache.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { SessionUser } from '@server/auth/session';
import type { AppDeps } from '@server/app-deps';
import { createAppDeps } from '@server/deps';
import { callerFor, createTestDeps, createTestUser, SOURCE_PAGES } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';

let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;
let staff: SessionUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...createTestDeps(database.db).config, ...SOURCE_PAGES };
  // The real page cache, with a TTL far longer than the test: only invalidation refreshes it.
  deps = createAppDeps(database.db, config, { catalogCacheTtlMs: 60_000 });
  app = await buildApp(deps);
  staff = await createTestUser(deps, { role: 'admin' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string) => app.inject({ url });

describe('the legal pages', () => {
  it('are rendered on the server with the starting text, linked from the footer', async () => {
    for (const [url, title] of [
      ['/privacidad', 'Política de privacidad'],
      ['/terminos', 'Términos y condiciones'],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain(
        `<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">${title}</h1>`,
      );
      expect(page.body).toContain(`<title>${title} · Tienda</title>`);
    }
    const privacy = await get('/privacidad');
    expect(privacy.body).toContain('href="/privacidad"');
    expect(privacy.body).toContain('href="/terminos"');
    expect(privacy.body).toContain('Ley N° 18.331');
  });

  it('show what staff save, at once, through the page cache', async () => {
    await get('/terminos');
    expect((await get('/terminos')).headers['x-cache']).toBe('hit');
    await callerFor(deps, staff).admin.legalPages.update({
      slug: 'terminos',
      title: 'Condiciones de venta',
      body: 'Primer párrafo.\n\nSegundo párrafo <b>sin HTML</b>.',
    });
    const fresh = await get('/terminos');
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.body).toContain('Condiciones de venta');
    expect(fresh.body).toContain('<p class="whitespace-pre-line">Primer párrafo.</p>');
    expect(fresh.body).toContain('Segundo párrafo &lt;b&gt;sin HTML&lt;/b&gt;.');
    expect(fresh.body).toContain('Última actualización');
  });

  it('are edited by staff only', async () => {
    const customer = await createTestUser(deps);
    await expect(
      callerFor(deps, customer).admin.legalPages.update({
        slug: 'privacidad',
        title: 'X',
        body: 'Y',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
