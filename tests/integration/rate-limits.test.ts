// Proxy trust and the login limits: the per-address budget cannot be dodged with a forged
// X-Forwarded-For, IPv6 clients count per /64, and failed logins slow down the (account,
// address) pair that makes them, never the account for everyone.
import type { FastifyInstance } from 'fastify';
import { RateLimiterDrizzle, RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { clientKeyOf } from '@server/rate-limits';
import { createTestDeps, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
const apps: FastifyInstance[] = [];

afterAll(() => Promise.all(apps.map((app) => app.close())));

/** An app over the shared database with these settings (fresh limiters each time). */
async function appWith(env: Record<string, string>) {
  const deps = createTestDeps(world.db, { env });
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

describe('login failures per account and address', () => {
  // The clock the limiters read: frozen, and moved on by the tests instead of waiting. The
  // in-memory store (PGlite runs) also drops a wait with a timer, faked so that it never fires
  // on the real clock's time; PostgreSQL's driver needs the real timers, and the table store
  // compares expiries with the (fake) Date alone.
  const START = new Date('2026-03-02T12:00:00Z');
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: world.database.url ? ['Date'] : ['Date', 'setTimeout', 'clearTimeout'],
    });
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
  // On PostgreSQL the counters live in the rate_limits table, as in production.
  const storeEnv = (): Record<string, string> =>
    world.database.url ? { DATABASE_URL: world.database.url } : {};

  it('never keeps the owner out: a stranger hammering the account from elsewhere only slows down', async () => {
    const { app, deps } = await appWith(storeEnv());
    const admin = await createTestUser(deps, { role: 'admin' });
    const email = admin.user.email;
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await login(app, { email, password: 'equivocada', ip: attacker });
      statuses.push(response.statusCode);
    }
    // Three failures are checked, then the attacker's address waits before every try.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);

    // The owner, from an address without failures, gets in while the attacker waits.
    const owner = await login(app, { email, password: 'secreto123', ip: '198.51.100.20' });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['set-cookie']).toBeDefined();
    // Failures from many addresses refuse no one else either.
    for (let i = 1; i <= 10; i++) {
      const response = await login(app, { email, password: 'equivocada', ip: `192.0.2.${i}` });
      expect(response.statusCode).toBe(401);
    }
    expect(
      (await login(app, { email, password: 'secreto123', ip: '2001:db8:9:9::1' })).statusCode,
    ).toBe(200);
  });

  it('makes the failing pair wait 1 s, 2 s, 4 s … up to 15 minutes before it is even checked', async () => {
    const { app, deps } = await appWith(storeEnv());
    // The store production uses with this database: a table on PostgreSQL, memory on PGlite.
    expect(deps.loginTurnLimiter).toBeInstanceOf(
      world.database.url ? RateLimiterDrizzle : RateLimiterMemory,
    );
    const { email } = (await createTestUser(deps)).user;
    const attacker = '203.0.113.77';
    const attempt = (password = 'equivocada') => login(app, { email, password, ip: attacker });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);

    const waits: string[] = [];
    for (const seconds of [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]) {
      // Refused before the password is looked at, the right one included.
      const refused = await attempt('secreto123');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['set-cookie']).toBeUndefined();
      waits.push(errorMessageOf(refused.body));
      // One second short of the wait is still too early.
      if (seconds > 1) {
        later(seconds - 1);
        expect((await attempt()).statusCode).toBe(429);
        later(1);
      } else {
        later(seconds);
      }
      expect((await attempt()).statusCode).toBe(401);
    }
    const wait = (time: string) =>
      `Demasiados intentos fallidos desde tu conexión. Esperá ${time} y volvé a intentarlo.`;
    expect(waits).toEqual([
      wait('1 segundo'),
      wait('2 segundos'),
      wait('4 segundos'),
      wait('8 segundos'),
      wait('16 segundos'),
      wait('32 segundos'),
      wait('2 minutos'),
      wait('3 minutos'),
      wait('5 minutos'),
      wait('9 minutos'),
      wait('15 minutos'),
      wait('15 minutos'),
    ]);
    // The same account from another address, and another account from this one, do not wait.
    expect(
      (await login(app, { email, password: 'secreto123', ip: '203.0.113.78' })).statusCode,
    ).toBe(200);
    const other = await createTestUser(deps);
    expect(
      (await login(app, { email: other.user.email, password: 'secreto123', ip: attacker }))
        .statusCode,
    ).toBe(200);
  });

  it('counts an IPv6 /64 as one address, and any case of the e-mail as one account', async () => {
    const { app, deps } = await appWith(storeEnv());
    const { email } = (await createTestUser(deps)).user;
    for (const ip of ['2001:db8:5:5::1', '2001:db8:5:5::2', '2001:db8:5:5::3']) {
      const response = await login(app, { email: email.toUpperCase(), password: 'x', ip });
      expect(response.statusCode).toBe(401);
    }
    expect((await login(app, { email, password: 'x', ip: '2001:db8:5:5::ffff' })).statusCode).toBe(
      429,
    );
    expect((await login(app, { email, password: 'x', ip: '2001:db8:5:6::1' })).statusCode).toBe(
      401,
    );
  });

  it('starts counting again after a successful login from that address', async () => {
    const { app, deps } = await appWith(storeEnv());
    const { email } = (await createTestUser(deps)).user;
    const wrong = () => login(app, { email, password: 'equivocada' });
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);
    later(1);
    expect((await login(app, { email, password: 'secreto123' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(401);
    // One second again, not two: the success forgot the earlier failures.
    expect(errorMessageOf((await wrong()).body)).toMatch(/Esperá 1 segundo /);
  });

  it('checks parallel attempts of one pair one at a time', async () => {
    const { app, deps } = await appWith(storeEnv());
    const { email } = (await createTestUser(deps)).user;
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        login(app, { email, password: 'equivocada', ip: '203.0.113.88' }).then(
          (response) => response.statusCode,
        ),
      ),
    );
    // However they interleave, no more than the three free failures reach the password check.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
  });
});
