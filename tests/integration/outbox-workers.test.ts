// Several instances share one outbox: every message reaches the form endpoint once, and a
// message claimed by an instance that died is delivered by another once its lease lapses.
// On PostgreSQL the two workers use two connection pools, as two instances would; PGlite has a
// single connection, so there the same tests check the lease logic without real row locks.
import { systemClock } from '@server/clock';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, openDatabase } from '@server/db/client';
import { outbox } from '@server/db/schema';
import { createMailSender } from '@server/mail/mailer';
import {
  attemptTimeoutMs,
  claimNextMessage,
  createOutbox,
  type Outbox,
  type OutboxLog,
} from '@server/services/infra/outbox';
import { useTestApp } from '../support/test-app';

type ReceiverOptions = {
  /** Answers nothing until two requests are open at once. */
  holdUntilConcurrent?: boolean;
  /** Answers the first request only after this long. */
  slowFirstMs?: number;
};

/**
 * A form service that counts every request it receives, and apart those it acknowledged: a
 * 200 that reached a sender still waiting for it. With `holdUntilConcurrent`, it answers
 * nothing until two requests are open at once: proof that two workers deliver side by side.
 */
class CountingReceiver {
  counts = new Map<number, number>();
  acknowledged = new Map<number, number>();
  /** Settles once the slow first request has been answered, or found abandoned. */
  slowAnswered: Promise<void>;
  private held: (() => void)[] = [];
  private isHolding: boolean;
  private server: Server;

  constructor(options: ReceiverOptions = {}) {
    this.isHolding = options.holdUntilConcurrent ?? false;
    let slowFirstMs = options.slowFirstMs;
    let settleSlow = () => {};
    this.slowAnswered = new Promise((resolve) => (settleSlow = resolve));
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        const { n } = JSON.parse(body) as { n: number };
        this.counts.set(n, (this.counts.get(n) ?? 0) + 1);
        const answer = () => {
          // A sender that gave up has closed the connection: this answer reaches no one.
          if (response.destroyed) return;
          response.on('finish', () =>
            this.acknowledged.set(n, (this.acknowledged.get(n) ?? 0) + 1),
          );
          response.writeHead(200).end('{"ok":true}');
        };
        if (slowFirstMs !== undefined) {
          const delayMs = slowFirstMs;
          slowFirstMs = undefined;
          return void setTimeout(() => (answer(), settleSlow()), delayMs);
        }
        if (!this.isHolding) return answer();
        this.held.push(answer);
        if (this.held.length < 2) return;
        this.isHolding = false;
        for (const release of this.held.splice(0)) release();
      });
    });
  }

  get total() {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0);
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/form`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Counts the deliveries a worker reports through its log. */
function countingLog() {
  const log = { delivered: 0 } as OutboxLog & { delivered: number };
  log.info = (_: unknown, message?: string) => {
    if (message === 'outbox message delivered') log.delivered++;
  };
  log.warn = () => {};
  log.error = () => {};
  return log;
}

const world = useTestApp();
/** The second instance's own pool on PostgreSQL; the same database object on PGlite. */
let secondPool: DatabaseHandle | undefined;
let secondDb: Database;
const running: { outboxes: Outbox[]; receivers: CountingReceiver[] } = {
  outboxes: [],
  receivers: [],
};

beforeAll(async () => {
  if (world.database.url) {
    secondPool = await openDatabase({ databaseUrl: world.database.url, dataDir: '', poolSize: 4 });
  }
  secondDb = secondPool?.db ?? world.db;
});
afterEach(async () => {
  await Promise.all(running.outboxes.splice(0).map((worker) => worker.stop()));
  await Promise.all(running.receivers.splice(0).map((receiver) => receiver.stop()));
  await world.db.delete(outbox).where(sql`true`);
});
afterAll(() => secondPool?.close());

async function startReceiver(options?: ReceiverOptions) {
  const receiver = new CountingReceiver(options);
  running.receivers.push(receiver);
  return { receiver, endpoint: await receiver.start() };
}

function worker(db: Database, endpoint: string, options: { leaseSeconds?: number } = {}) {
  const log = countingLog();
  const instance = createOutbox({
    db,
    clock: systemClock,
    endpoint,
    log,
    leaseSeconds: options.leaseSeconds,
  });
  running.outboxes.push(instance);
  return { outbox: instance, log };
}

const enqueue = (count: number) =>
  world.db
    .insert(outbox)
    .values(
      Array.from({ length: count }, (_, n) => ({ kind: 'contact' as const, payload: { n } })),
    );

const undelivered = async () =>
  (await world.db.select().from(outbox)).filter((row) => row.deliveredAt === null).length;

describe('outbox with two instances', () => {
  it('delivers fifty messages exactly once while two workers run together', async () => {
    const { receiver, endpoint } = await startReceiver({ holdUntilConcurrent: true });
    await enqueue(50);
    const first = worker(world.db, endpoint);
    const second = worker(secondDb, endpoint);
    await first.outbox.start();
    await second.outbox.start();

    await expect.poll(undelivered, { timeout: 60_000, interval: 100 }).toBe(0);
    await Promise.all([first.outbox.stop(), second.outbox.stop()]);

    expect(receiver.total).toBe(50);
    expect([...receiver.counts.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, n) => n),
    );
    expect([...receiver.counts.values()].every((count) => count === 1)).toBe(true);
    expect(first.log.delivered + second.log.delivered).toBe(50);
    // The receiver held the first delivery until a second one was open: both took part.
    expect(first.log.delivered).toBeGreaterThan(0);
    expect(second.log.delivered).toBeGreaterThan(0);
    const rows = await world.db.select().from(outbox);
    expect(rows.every((row) => row.attempts === 1 && row.lockedUntil === null)).toBe(true);
  });

  it('delivers a message whose worker died after claiming it, once the lease lapses', async () => {
    const { receiver, endpoint } = await startReceiver();
    await enqueue(1);
    const leaseSeconds = 5;
    // The first instance claims the message and never finishes: it was killed.
    const claimed = await claimNextMessage(secondDb, { now: systemClock.now(), leaseSeconds });
    expect(claimed).toMatchObject({ payload: { n: 0 }, attempts: 1 });

    const survivor = worker(world.db, endpoint, { leaseSeconds });
    expect(await survivor.outbox.deliverDue()).toBe(0);
    expect(receiver.total).toBe(0);

    // Running, the survivor wakes up when the lease lapses and delivers it.
    await survivor.outbox.start();
    await expect.poll(() => receiver.total, { timeout: 30_000, interval: 200 }).toBe(1);
    await expect.poll(undelivered, { timeout: 10_000 }).toBe(0);
    const [row] = await world.db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 2, lockedUntil: null, lastError: null });
    expect(receiver.counts.get(0)).toBe(1);
  });

  it('cuts a delivery slower than the lease, so no second instance repeats it', async () => {
    const leaseSeconds = 1;
    // Answered long after the lease lapsed, when another worker could hold the message.
    const { receiver, endpoint } = await startReceiver({ slowFirstMs: 1_800 });
    await enqueue(1);
    const first = worker(world.db, endpoint, { leaseSeconds });
    const second = worker(secondDb, endpoint, { leaseSeconds });
    await first.outbox.start();
    await second.outbox.start();

    await expect.poll(undelivered, { timeout: 15_000, interval: 100 }).toBe(0);
    await receiver.slowAnswered;
    // The first attempt was cut at half the lease and retried: the receiver saw two requests
    // and acknowledged one, and one delivery was reported.
    expect(receiver.counts.get(0)).toBe(2);
    expect(receiver.acknowledged.get(0)).toBe(1);
    expect(first.log.delivered + second.log.delivered).toBe(1);
    const [row] = await world.db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 2, lockedUntil: null, lastError: null });
  });
});

/** An SMTP server that accepts connections and never says a word: every wait is the client's. */
async function silentSmtpServer() {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sockets,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('one delivery attempt inside its lease', () => {
  it('gives each attempt at most half the lease, and never more than its own timeout', () => {
    expect(attemptTimeoutMs('contact', 60)).toBe(10_000);
    expect(attemptTimeoutMs('mail', 60)).toBe(30_000);
    expect(attemptTimeoutMs('quote', 3)).toBe(1_500);
    expect(attemptTimeoutMs('mail', 3)).toBe(1_500);
  });

  it('does not count as its own a delivery whose message another worker claimed meanwhile', async () => {
    const log = countingLog();
    // A sender that finishes although its lease lapsed and another worker took the message
    // (here: the second claim is written while it sends).
    const sendMail = async () => {
      await world.db.update(outbox).set({ attempts: sql`${outbox.attempts} + 1` });
    };
    const mailer = createOutbox({ db: world.db, clock: systemClock, sendMail, log });
    running.outboxes.push(mailer);
    await world.db.insert(outbox).values({
      kind: 'mail',
      payload: { to: 'cliente@empresa.uy', subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' },
    });

    expect(await mailer.deliverDue()).toBe(0);
    expect(log.delivered).toBe(0);
    // The other worker's claim stands: the row is still its to deliver.
    const [row] = await world.db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 2, deliveredAt: null });
  });

  it('aborts an SMTP send that outlasts half the lease and closes its connection', async () => {
    const smtp = await silentSmtpServer();
    try {
      const leaseSeconds = 1;
      const { config, storage } = world.deps;
      const sendMail = createMailSender({
        smtpUrl: smtp.url,
        from: 'Tienda <no-responder@tienda.com.uy>',
        documents: { db: world.db, config, storage, clock: systemClock },
      });
      const mailer = createOutbox({
        db: world.db,
        clock: systemClock,
        sendMail,
        log: countingLog(),
        leaseSeconds,
      });
      running.outboxes.push(mailer);
      await world.db.insert(outbox).values({
        kind: 'mail',
        payload: { to: 'cliente@empresa.uy', subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' },
      });

      // nodemailer alone would wait 10 s for the greeting, long after the lease lapsed.
      const startedAt = performance.now();
      expect(await mailer.deliverDue()).toBe(0);
      expect(performance.now() - startedAt).toBeLessThan(leaseSeconds * 1_000);
      const [row] = await world.db.select().from(outbox);
      expect(row).toMatchObject({ attempts: 1, lockedUntil: null, deliveredAt: null });
      // Staff read it on 'Correos', in Spanish (mail/delivery-errors.ts).
      expect(row!.lastError).toBe('El servidor de correo no respondió a tiempo');
      // The connection is closed: nothing of this attempt can reach the server any more.
      await expect.poll(() => smtp.sockets.size, { timeout: 2_000 }).toBe(0);
    } finally {
      await smtp.close();
    }
  });
});
