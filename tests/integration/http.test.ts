import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestDeps } from '../support/context';
import { JSON_MUTATION } from '../support/http';
import { createTestDatabase, type TestDatabase } from '../support/db';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const deps = createTestDeps(database.db);
  deps.config.AUTH_RATE_LIMIT = 3;
  const { RateLimiterMemory } = await import('rate-limiter-flexible');
  deps.rateLimiter = new RateLimiterMemory({ points: 3, duration: 60 });
  app = await buildApp(deps);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const login = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    headers: { ...JSON_MUTATION, ...headers },
    payload: { json: { email: 'x@y.uy', password: 'nope-nope' } },
    remoteAddress,
  });

describe('HTTP boundary', () => {
  it('answers the liveness check', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('refuses a mutation whose Origin names another site', async () => {
    const response = await login({ origin: 'https://otro-sitio.com', host: 'localhost:3000' });
    expect(response.statusCode).toBe(403);
  });

  it('answers malformed input with 400, never 500 or a stack trace', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      headers: JSON_MUTATION,
      payload: '{"json":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('at ');
  });

  it('sets an HttpOnly SameSite=Lax session cookie and rate-limits login per IP', async () => {
    const account = { fullName: 'Cookie', email: 'cookie@empresa.uy', password: 'secreto1' };
    const register = await app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      headers: JSON_MUTATION,
      payload: { json: account },
      remoteAddress: '10.1.1.1',
    });
    expect(register.headers['set-cookie']).toBeUndefined();
    const signIn = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: JSON_MUTATION,
      payload: { json: { email: account.email, password: account.password } },
      remoteAddress: '10.1.1.1',
    });
    const cookie = String(signIn.headers['set-cookie']);
    expect(cookie).toMatch(/session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Plain http in a test environment: no Secure flag, or the browser would drop it.
    expect(cookie).not.toMatch(/Secure/i);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login({}, '10.2.2.2')).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[3]).toBe(429);
    // Another IP is not affected.
    expect((await login({}, '10.3.3.3')).statusCode).toBe(401);
  });
});
