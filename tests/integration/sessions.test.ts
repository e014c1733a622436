// Session lifetime and hygiene: an absolute 90-day limit, cleanup of expired rows, a login
// that replaces the session it came with, Secure cookies over HTTPS, and signing out of every
// device.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import {
  createSession,
  deleteExpiredSessions,
  generateSessionToken,
  SESSION_MAX_AGE_DAYS,
  validateSessionToken,
} from '@server/auth/session';
import { posts, sessions } from '@server/db/schema';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { DAY_MS, movableClock } from '../support/clock';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
const apps: FastifyInstance[] = [];

afterAll(() => Promise.all(apps.map((app) => app.close())));

async function appWith(env: Record<string, string> = {}) {
  const app = await buildApp(createTestDeps(world.db, { env }));
  apps.push(app);
  return app;
}

/** A new session for the user, as a login would open it; returns its token. */
async function openSession(userId: number) {
  const token = generateSessionToken();
  await createSession(world.db, token, userId, world.deps.clock.now());
  return token;
}

const sessionRow = async (token: string) => {
  const session = await validateSessionToken(world.db, token, world.deps.clock.now());
  return session?.sessionId;
};

const httpLogin = (app: FastifyInstance, email: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    // A browser's same-origin request, whatever scheme the proxy says it came over.
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    payload: { json: { email, password: 'secreto123' } },
  });

describe('session lifetime', () => {
  it('never slides a session past 90 days from its creation', async () => {
    expect(SESSION_MAX_AGE_DAYS).toBe(90);
    const user = await createTestUser(world.deps);
    const token = await openSession(user.user.id);
    const id = (await sessionRow(token))!;
    const createdAt = new Date(Date.now() - 80 * DAY_MS);
    // Past half of its 30 days, so it would normally be extended to 30 days from now.
    await world.db
      .update(sessions)
      .set({ createdAt, expiresAt: new Date(Date.now() + 5 * DAY_MS) })
      .where(eq(sessions.id, id));
    const extended = await validateSessionToken(world.db, token, world.deps.clock.now());
    expect(extended?.isExtended).toBe(true);
    expect(extended!.expiresAt.getTime()).toBe(createdAt.getTime() + 90 * DAY_MS);

    await world.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 91 * DAY_MS),
        expiresAt: new Date(Date.now() + 20 * DAY_MS),
      })
      .where(eq(sessions.id, id));
    expect(await validateSessionToken(world.db, token, world.deps.clock.now())).toBeNull();
    expect(await world.db.$count(sessions, eq(sessions.id, id))).toBe(0);
  });

  it('cleans up expired rows and keeps live ones', async () => {
    const user = await createTestUser(world.deps);
    const live = await sessionRow(await openSession(user.user.id));
    const expired = await sessionRow(await openSession(user.user.id));
    await world.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired!));
    expect(await deleteExpiredSessions(world.db, world.deps.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await world.db.$count(sessions, eq(sessions.id, expired!))).toBe(0);
    expect(await world.db.$count(sessions, eq(sessions.id, live!))).toBe(1);
  });
});

describe('login and cookies', () => {
  it('replaces the session the browser came with', async () => {
    const app = await appWith();
    const first = await createTestUser(world.deps);
    const second = await createTestUser(world.deps);
    const planted = await openSession(first.user.id);
    const response = await httpLogin(app, second.user.email, { cookie: `session=${planted}` });
    expect(response.statusCode).toBe(200);
    expect(await validateSessionToken(world.db, planted, world.deps.clock.now())).toBeNull();
    expect(String(response.headers['set-cookie'])).toMatch(/session=/);
  });

  it('marks the cookie Secure when the request came over HTTPS, through a trusted proxy', async () => {
    const user = await createTestUser(world.deps);
    const httpsProxy = { 'x-forwarded-proto': 'https' };
    const cookieOf = async (app: FastifyInstance, headers: Record<string, string> = {}) =>
      String((await httpLogin(app, user.user.email, headers)).headers['set-cookie']);

    expect(await cookieOf(await appWith({ TRUST_PROXY: '1' }), httpsProxy)).toMatch(/; Secure/i);
    // Without trust, the header is the client's word and changes nothing.
    expect(await cookieOf(await appWith(), httpsProxy)).not.toMatch(/Secure/i);
    expect(await cookieOf(await appWith({ TRUST_PROXY: '1' }))).not.toMatch(/Secure/i);
    const production = await appWith({ NODE_ENV: 'production', PUBLIC_URL: 'https://tienda.uy' });
    expect(await cookieOf(production)).toMatch(/; Secure/i);
  });
});

describe('signing out of every device', () => {
  it("deletes every session of the caller's account and only those", async () => {
    const user = await createTestUser(world.deps);
    const other = await createTestUser(world.deps);
    const phone = await openSession(user.user.id);
    const otherToken = await openSession(other.user.id);
    const cleared: string[] = [];
    const session = await validateSessionToken(world.db, phone, world.deps.clock.now());

    const caller = createCaller(
      createContextInner(world.deps, {
        session,
        cookies: { set: () => {}, clear: () => cleared.push('cleared') },
      }),
    );
    expect(await caller.auth.logoutEverywhere()).toBeNull();
    expect(await world.db.$count(sessions, eq(sessions.userId, user.user.id))).toBe(0);
    expect(await validateSessionToken(world.db, phone, world.deps.clock.now())).toBeNull();
    expect(await validateSessionToken(world.db, otherToken, world.deps.clock.now())).not.toBeNull();
    expect(cleared).toEqual(['cleared']);
  });

  it('needs a session', async () => {
    await expect(callerFor(world.deps).auth.logoutEverywhere()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('every entry reads the session one way', () => {
  // A page, a tRPC call, an admin route, the quote PDF and a draft's cover: each validates the
  // cookie through sessionOf, so each clears an unknown token and re-sends an extended one.
  const entries = (postId: number) => [
    { name: 'a page', url: '/account/pedidos' },
    { name: 'a tRPC call', url: '/trpc/auth.me' },
    { name: 'an admin route', url: '/api/admin/orders.csv' },
    { name: 'the quote PDF', url: '/api/orders/1/revisions/1.pdf' },
    { name: "a draft's cover", url: `/uploads/blog/${postId}/portada.webp` },
  ];

  let draftId: number;
  beforeAll(async () => {
    const [draft] = await world.db
      .insert(posts)
      .values({ title: 'Borrador', slug: `borrador-${Date.now()}`, content: 'x', status: 'draft' })
      .returning({ id: posts.id });
    draftId = draft!.id;
  });

  const setCookieOf = (response: { headers: { 'set-cookie'?: string | string[] } }) =>
    [response.headers['set-cookie'] ?? []].flat().join('\n');

  it('clears the cookie of an unknown or expired token, from every entry', async () => {
    const appDeps = createTestDeps(world.db, { pages: true });
    const app = await buildApp(appDeps);
    apps.push(app);
    for (const entry of entries(draftId)) {
      const response = await app.inject({
        url: entry.url,
        headers: { cookie: 'session=olvidada' },
      });
      expect(setCookieOf(response), entry.name).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);
    }
  });

  it('re-sends the cookie of a session it extended, from every entry', async () => {
    const clock = movableClock();
    const appDeps = createTestDeps(world.db, { clock, pages: true });
    const app = await buildApp(appDeps);
    apps.push(app);
    const user = await createTestUser(world.deps, { role: 'admin' });
    for (const entry of entries(draftId)) {
      const token = await openSession(user.user.id);
      clock.advance(20 * DAY_MS); // past the half-life of its 30 days
      const response = await app.inject({
        url: entry.url,
        headers: { cookie: `session=${token}` },
      });
      expect(setCookieOf(response), entry.name).toMatch(new RegExp(`session=${token};`));
      clock.advance(-20 * DAY_MS);
    }
  });
});
