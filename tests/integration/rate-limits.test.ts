// Proxy trust and the login limits: the per-address budget cannot be dodged with a forged
// X-Forwarded-For, IPv6 clients count per /64, and an account takes 5 failures per 15 minutes.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { clientKeyOf } from '@server/rate-limits';
import { createTestDeps, createTestUser } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
});

/** An app over the shared database with these settings (fresh limiters each time). */
async function appWith(env: Record<string, string>) {
  const deps = createTestDeps(database.db, { env });
  const app = await buildApp(deps);
  apps.push(app);
  return { app, deps };
}

type LoginOptions = { email?: string; password?: string; ip?: string; forwardedFor?: string };

const login = (app: FastifyInstance, options: LoginOptions = {}) =>
  app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    headers: {
      'content-type': 'application/json',
      // A browser's same-origin request: the Origin check is not what this file tests.
      'sec-fetch-site': 'same-origin',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    payload: {
      json: { email: options.email ?? 'nadie@empresa.uy', password: options.password ?? 'x' },
    },
    remoteAddress: options.ip,
  });

const errorMessageOf = (body: string) =>
  (JSON.parse(body) as { error: { json: { message: string } } }).error.json.message;

describe('client keys', () => {
  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe('per-address limit and proxy trust', () => {
  it('ignores X-Forwarded-For by default: 12 wrong logins with rotating forged IPs get 429', async () => {
    const { app } = await appWith({ AUTH_RATE_LIMIT: '10' });
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      // A different e-mail each time, so only the per-address limit can answer 429.
      const response = await login(app, {
        email: `rotando-${i}@empresa.uy`,
        forwardedFor: `198.51.100.${i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('believes X-Forwarded-For only from a trusted proxy (hop count or address list)', async () => {
    for (const trust of ['1', '127.0.0.1', '127.0.0.0/8, 10.0.0.0/8']) {
      const { app } = await appWith({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: trust });
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const response = await login(app, { forwardedFor: `198.51.100.${i}` });
        statuses.push(response.statusCode);
      }
      // Every client behind the proxy has its own budget.
      expect(statuses, `TRUST_PROXY=${trust}`).toEqual([401, 401, 401, 401]);
    }
    // A proxy that is not in the list is a client like any other.
    const { app } = await appWith({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.1' });
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) {
      statuses.push((await login(app, { forwardedFor: `198.51.100.${i}` })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('counts an IPv6 /64 as one client', async () => {
    const { app } = await appWith({ AUTH_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (const ip of [
      '2001:db8:7:7::1',
      '2001:db8:7:7::a',
      '2001:db8:7:7::beef:1',
      '2001:db8:7:7:ffff:ffff:ffff:ffff',
    ]) {
      statuses.push((await login(app, { ip })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(app, { ip: '2001:db8:7:8::1' })).statusCode).toBe(401);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', async () => {
    await expect(appWith({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY/);
    await expect(appWith({ TRUST_PROXY: '10.0.0.0/99' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('per-account login limit', () => {
  it('locks an e-mail after 5 failures from any address, even for the right password', async () => {
    const { app, deps } = await appWith({});
    const user = await createTestUser(deps);
    const email = user.user.email;
    for (let i = 1; i <= 5; i++) {
      const response = await login(app, {
        email: i % 2 ? email.toUpperCase() : email,
        password: 'equivocada',
        ip: `192.0.2.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await login(app, { email, password: 'secreto123', ip: '192.0.2.99' });
    expect(locked.statusCode).toBe(429);
    expect(errorMessageOf(locked.body)).toBe(
      'Demasiados intentos fallidos para esta cuenta. Probá de nuevo en unos minutos.',
    );
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Other accounts are not affected.
    const other = await createTestUser(deps);
    expect((await login(app, { email: other.user.email, password: 'secreto123' })).statusCode).toBe(
      200,
    );
  });

  it('starts counting again after a successful login', async () => {
    const { app, deps } = await appWith({});
    const { email } = (await createTestUser(deps)).user;
    const wrong = () => login(app, { email, password: 'equivocada' });
    for (let i = 0; i < 4; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await login(app, { email, password: 'secreto123' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await login(app, { email, password: 'secreto123' })).statusCode).toBe(200);
  });
});
