// A crash in the middle of checkout must not corrupt anything: the real server process takes a
// stream of concurrent quote requests, is killed with SIGKILL (no shutdown hook runs), and is
// started again on the same database. Every order has its items, every unit of stock is either
// on the shelf or reserved by an order, and the messages queued for FORM_ENDPOINT before the
// crash are delivered once the server is back.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { registerCustomer } from '@server/services/accounts/accounts';
import { useTestApp } from '../support/test-app';

const CUSTOMERS = 4;
/** Orders confirmed before the kill: enough that more are surely in flight when it lands. */
const ORDERS_BEFORE_KILL = 12;

/**
 * PGlite runs inside the server process and its data directory admits one process at a time:
 * killing the server would test PGlite's own recovery, not our transactions. The run with
 * DATABASE_URL set (README, "Con un PostgreSQL externo") covers it.
 */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

async function freePort() {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `check` until it holds; fails with `what` after a generous deadline (never timing). */
async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type RunningServer = { child: ChildProcess; output: string[]; exited: Promise<void> };

/** The production entry point, as one node process (no npx wrapper that a kill would miss). */
async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n').slice(-20));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  await until('the server to answer /healthz', async () => {
    if (hasExited) throw new Error(`server exited:\n${output.slice(-30).join('\n')}`);
    return fetch(`http://127.0.0.1:${env.PORT}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  });
  return { child, output, exited };
}

describe.skipIf(!ON_POSTGRES)('crash safety (PostgreSQL only: PGlite lives in the process)', () => {
  const world = useTestApp();
  let port: number;
  let serverEnv: Record<string, string>;
  let server: RunningServer | undefined;
  let receiver: Server;
  const received: unknown[] = [];

  beforeAll(async () => {
    port = await freePort();
    serverEnv = {
      DATABASE_URL: world.database.url!,
      PORT: String(port),
      NODE_ENV: 'production',
      SEED: 'true',
      UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'tienda-crash-')),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      FORM_ENDPOINT: '',
      // Production needs it; the origin the test's quote requests come from.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('keeps orders, stock and the outbox whole across a kill -9', async () => {
    // First life: no FORM_ENDPOINT, so every queued message is still pending at the crash.
    server = await startServer(serverEnv);
    const cookies: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const email = `cliente-${i}@empresa.uy`;
      const userId = await registerCustomer(world.db, {
        email,
        password: 'secreto123',
        fullName: `Cliente ${i}`,
      });
      const token = generateSessionToken();
      await createSession(world.db, token, userId, world.deps.clock.now());
      cookies.push(`session=${token}`);
    }
    const startingStock = new Map(
      (
        await queryRows<{ id: number; stock: number }>(
          world.db,
          sql`select id, stock from variants`,
        )
      ).map((row) => [row.id, row.stock]),
    );
    const variantIds = [...startingStock].filter(([, stock]) => stock >= 5).map(([id]) => id);
    expect(variantIds.length).toBeGreaterThanOrEqual(3);

    let confirmed = 0;
    let isKilled = false;
    const origin = `http://127.0.0.1:${port}`;
    const customerStream = async (cookie: string, customer: number) => {
      for (let n = 0; !isKilled; n++) {
        const items = [0, 1].map((k) => ({
          variantId: variantIds[(customer * 7 + n * 3 + k * 5) % variantIds.length]!,
          quantity: 1 + ((n + k) % 2),
        }));
        const unique = items.filter(
          (item, index) => items.findIndex((other) => other.variantId === item.variantId) === index,
        );
        try {
          const response = await fetch(`${origin}/trpc/orders.requestQuote`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie },
            body: JSON.stringify({
              json: {
                items: unique,
                email: `cliente-${customer}@empresa.uy`,
                idempotencyKey: `crash-${customer}-${n}`,
              },
            }),
          });
          await response.text();
          if (response.status === 200) confirmed++;
        } catch {
          // The connection dies with the server.
        }
      }
    };
    const streams = cookies.map((cookie, customer) => customerStream(cookie, customer));
    await until('orders before the kill', () => confirmed >= ORDERS_BEFORE_KILL);
    server.child.kill('SIGKILL');
    isKilled = true;
    await server.exited;
    await Promise.all(streams);

    // Second life on the same database, now with somewhere to deliver to.
    const { port: receiverPort } = receiver.address() as AddressInfo;
    server = await startServer({
      ...serverEnv,
      FORM_ENDPOINT: `http://127.0.0.1:${receiverPort}/formulario`,
    });

    const [orphans] = await queryRows<{ count: number }>(
      world.db,
      sql`select count(*)::int as count from orders o
          where not exists (select 1 from order_items i where i.order_id = o.id)`,
    );
    expect(orphans!.count).toBe(0);

    const accounted = await queryRows<{ id: number; total: number }>(
      world.db,
      sql`select v.id, (v.stock + coalesce(sum(i.quantity) filter (where o.status <> 'Cancelado'), 0))::int as total
          from variants v
          left join order_items i on i.variant_id = v.id
          left join orders o on o.id = i.order_id
          group by v.id`,
    );
    expect(new Map(accounted.map((row) => [row.id, row.total]))).toEqual(startingStock);

    const [counts] = await queryRows<{ orders: number; quotes: number }>(
      world.db,
      sql`select (select count(*)::int from orders) as orders,
                 (select count(*)::int from outbox where kind = 'quote') as quotes`,
    );
    expect(counts!.orders).toBeGreaterThanOrEqual(ORDERS_BEFORE_KILL);
    expect(counts!.quotes).toBe(counts!.orders);

    await until('the outbox to drain', async () => {
      const [pending] = await queryRows<{ count: number }>(
        world.db,
        // Mails wait for an SMTP server this test does not configure (they stay, readable).
        sql`select count(*)::int as count from outbox where delivered_at is null and kind <> 'mail'`,
      );
      return pending!.count === 0;
    });
    expect(received).toHaveLength(counts!.quotes);
  }, 180_000);
});
