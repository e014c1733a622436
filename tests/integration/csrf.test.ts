// Cross-site writes: a signed-in admin's browser visiting another site must not be made to
// write through the store. Only a request whose Origin is exactly the store's own (or that
// says `Sec-Fetch-Site: same-origin` without an Origin) may mutate; everything else is 403 and
// writes nothing, whatever the body's type.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { messages } from '@shared/messages';
import { databaseFingerprint } from '../support/fingerprint';
import { SAME_ORIGIN, trpcErrorOf } from '../support/http';
import { useTestApp } from '../support/test-app';

const world = useTestApp({ http: true });
let counter = 0;

let before: Record<string, string>;
beforeEach(async () => {
  before = await databaseFingerprint(world.db);
});

/** A brand the admin's session would create if the request were let through. */
const createBrand = (headers: Record<string, string>, target = world.app) =>
  target.inject({
    method: 'POST',
    url: '/trpc/admin.taxonomies.create',
    headers: { 'content-type': 'application/json', cookie: world.adminCookie, ...headers },
    payload: JSON.stringify({ json: { kind: 'brand', name: `Marca ${++counter}` } }),
  });

async function expectRefusedAndNothingWritten(
  request: Promise<{ statusCode: number; body: string }>,
) {
  const response = await request;
  expect(response.statusCode).toBe(403);
  expect(JSON.parse(response.body)).toEqual({ error: messages.foreignOrigin });
  expect(await databaseFingerprint(world.db)).toEqual(before);
}

describe('the Origin of a tRPC mutation', () => {
  it('is accepted when it is the store itself (control)', async () => {
    expect((await createBrand(SAME_ORIGIN)).statusCode).toBe(200);
    expect((await createBrand({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it.each([
    ['another site', { origin: 'https://otro-sitio.com' }],
    ['a look-alike host', { origin: 'http://localhost.otro-sitio.com' }],
    ['the null origin', { origin: 'null' }],
    ['the wrong scheme', { origin: 'https://localhost' }],
    ['another port', { origin: 'http://localhost:8080' }],
    ['no Origin and no Sec-Fetch-Site', {}],
    ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    [
      'a foreign Origin claiming same-origin',
      { origin: 'https://otro-sitio.com', 'sec-fetch-site': 'same-origin' },
    ],
    ['an Origin that is not a URL', { origin: 'localhost' }],
  ])('is refused from %s', async (_name, headers: Record<string, string>) => {
    await expectRefusedAndNothingWritten(createBrand(headers));
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('is checked on %s too', async (method) => {
    await expectRefusedAndNothingWritten(
      world.app.inject({
        method,
        url: '/trpc/admin.taxonomies.create',
        headers: { cookie: world.adminCookie, origin: 'https://otro-sitio.com' },
      }),
    );
  });
});

describe('bodies a cross-site form can send without asking', () => {
  const body = JSON.stringify({ json: { kind: 'brand', name: 'Desde un formulario' } });
  const multipart = () => {
    const form = new FormData();
    form.append('json', body);
    return form;
  };

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }, body],
    ['form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }, `json=${body}`],
  ])('%s is refused from another site and without an Origin', async (_name, type, payload) => {
    for (const origin of [{ origin: 'https://otro-sitio.com' }, {}]) {
      await expectRefusedAndNothingWritten(
        world.app.inject({
          method: 'POST',
          url: '/trpc/admin.taxonomies.create',
          headers: { cookie: world.adminCookie, ...type, ...origin },
          payload,
        }),
      );
    }
  });

  it('multipart is refused on tRPC and on the upload routes', async () => {
    for (const url of [
      '/trpc/admin.taxonomies.create',
      '/api/admin/products',
      '/api/admin/posts',
    ]) {
      for (const origin of [{ origin: 'https://otro-sitio.com' }, { origin: 'null' }, {}]) {
        await expectRefusedAndNothingWritten(
          world.app.inject({
            method: 'POST',
            url,
            headers: { cookie: world.adminCookie, ...origin },
            payload: multipart(),
          }),
        );
      }
    }
  });
});

describe('a mutation asked for with GET', () => {
  it('is refused by tRPC and writes nothing, even with the session cookie', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { kind: 'brand', name: 'Por GET' } }));
    const response = await world.app.inject({
      method: 'GET',
      url: `/trpc/admin.taxonomies.create?input=${input}`,
      headers: { cookie: world.adminCookie },
    });
    expect(response.statusCode).toBe(405);
    expect(trpcErrorOf(response).message).toBe(messages.methodNotAllowed);
    expect(await databaseFingerprint(world.db)).toEqual(before);
  });
});

describe('with PUBLIC_URL set', () => {
  let publicApp: FastifyInstance;
  beforeAll(async () => {
    publicApp = await buildApp({
      ...world.deps,
      config: { ...world.deps.config, PUBLIC_URL: 'https://tienda.example.uy' },
    });
  });
  afterAll(() => publicApp.close());

  it('accepts only that exact origin', async () => {
    expect((await createBrand({ origin: 'https://tienda.example.uy' }, publicApp)).statusCode).toBe(
      200,
    );
    before = await databaseFingerprint(world.db);
    for (const origin of [
      'http://tienda.example.uy',
      'https://tienda.example.uy:8443',
      'https://otra.example.uy',
      'http://localhost:80',
    ]) {
      await expectRefusedAndNothingWritten(createBrand({ origin }, publicApp));
    }
  });
});

describe('requests that change nothing', () => {
  it('need no Origin', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { kind: 'brand' } }));
    const request: InjectOptions = {
      method: 'GET',
      url: `/trpc/admin.taxonomies.list?input=${input}`,
      headers: { cookie: world.adminCookie },
    };
    expect((await world.app.inject(request)).statusCode).toBe(200);
  });
});
