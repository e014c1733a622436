import { describe, expect, it } from 'vitest';
import { JSON_MUTATION } from '../support/http';
import { useTestApp } from '../support/test-app';

// A budget of three a minute per address, so the rate limit shows after a few logins.
const world = useTestApp({ http: true, env: { AUTH_RATE_LIMIT: '3' } });

const login = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  world.app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    headers: { ...JSON_MUTATION, ...headers },
    payload: { json: { email: 'x@y.uy', password: 'nope-nope' } },
    remoteAddress,
  });

describe('HTTP boundary', () => {
  it('answers the liveness check', async () => {
    const response = await world.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('refuses a mutation whose Origin names another site', async () => {
    const response = await login({ origin: 'https://otro-sitio.com', host: 'localhost:3000' });
    expect(response.statusCode).toBe(403);
  });

  it('answers malformed input with 400, never 500 or a stack trace', async () => {
    const response = await world.app.inject({
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
    const register = await world.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      headers: JSON_MUTATION,
      payload: { json: account },
      remoteAddress: '10.1.1.1',
    });
    expect(register.headers['set-cookie']).toBeUndefined();
    const signIn = await world.app.inject({
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
