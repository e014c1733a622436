// The outbox's mails through a real SMTP server (docs/decisions/075-outbox-fast-and-in-order.md):
// the most urgent first, several at once, never twice with two workers, woken by the commit of
// whatever queued them and by nothing else, and timed by deps.clock.
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '@server/app-deps';
import type { SessionUser } from '@server/auth/session';
import { type Database, type DatabaseHandle, openDatabase } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { outbox } from '@server/db/schema';
import { runMessageMails } from '@server/jobs';
import { orderMails, queueMail } from '@server/mail/order-mails';
import { claimStatement } from '@server/services/infra/outbox-claims';
import { type Outbox } from '@server/services/infra/outbox';
import { movableClock, type MovableClock } from '../support/clock';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { requestQuote } from '../support/quotes';
import { listenSmtp, readMail } from '../support/smtp-mail';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

type Received = { to: string; subject: string };

const world = useTestApp();
let smtp: Awaited<ReturnType<typeof listenSmtp>>;
/** Every mail the server accepted, in the order it accepted them. */
const received: Received[] = [];
/** How many more messages the server refuses (451) before it accepts again. */
let refusals = 0;
/** The second instance's own pool on PostgreSQL; PGlite has one connection. */
let secondPool: DatabaseHandle | undefined;
const running: Outbox[] = [];
let counter = 0;

beforeAll(async () => {
  smtp = await listenSmtp(
    (raw, envelope) => {
      if (refusals > 0) {
        refusals--;
        return Object.assign(new Error('Servidor ocupado'), { responseCode: 451 });
      }
      for (const to of envelope.to) received.push({ to, subject: readMail(raw).subject });
    },
    // A relay's pace: deliveries overlap only if the outbox sends several at once.
    { replyDelayMs: 20 },
  );
  if (world.database.url) {
    secondPool = await openDatabase({ databaseUrl: world.database.url, dataDir: '', poolSize: 4 });
  }
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((worker) => worker.stop()));
  await world.db.delete(outbox).where(sql`true`);
  received.length = 0;
  refusals = 0;
  smtp.stats.mostInFlight = 0;
});
afterAll(async () => {
  await secondPool?.close();
  await smtp.close();
});

/** Deps on `db` whose outbox mails to the test's SMTP server, stopped after the test. */
function mailingDeps(options: { db?: Database; clock?: MovableClock } = {}): AppDeps {
  const deps = createTestDeps(options.db ?? world.db, {
    clock: options.clock,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      STAFF_EMAIL: 'ventas@tienda.com.uy',
      PUBLIC_URL: 'https://tienda.example',
    },
  });
  running.push(deps.outbox);
  return deps;
}

/** `count` staff notices of quote requests, queued in one transaction. */
async function queueStaffNotices(deps: AppDeps, count: number) {
  const mails = orderMails(await deps.storeIdentity());
  await world.db.transaction(async (tx) => {
    for (let n = 1; n <= count; n++) {
      await queueMail(tx, mails.requestedToStaff('ventas@tienda.com.uy', n, `Cliente ${n}`, 'x 1'));
    }
  });
}

const customerNotice = async (deps: AppDeps, to: string) =>
  orderMails(await deps.storeIdentity()).statusToCustomer(to, 1, 'En preparación');

async function newCustomer(deps: AppDeps): Promise<SessionUser> {
  return createTestUser(deps, { email: `cliente${++counter}-${Date.now()}@empresa.uy` });
}

/** A password reset, asked for as the visitor does (auth.passwordReset.request). */
async function askForReset(deps: AppDeps, email: string) {
  await callerFor(deps).auth.passwordReset.request({ email });
}

const isReset = (mail: Received) => /contraseña nueva/.test(mail.subject);

/** Resolves once `check` holds, polling the server's mails; never delivers by itself. */
async function arrives(check: () => boolean, timeoutMs = 5_000) {
  await expect.poll(check, { timeout: timeoutMs, interval: 50 }).toBe(true);
}

describe('the most urgent first', () => {
  it('delivers a reset queued after 200 staff notifications among the first', async () => {
    const deps = mailingDeps();
    const customer = await newCustomer(deps);
    await queueStaffNotices(deps, 200);
    await askForReset(deps, customer.user.email);

    while ((await deps.outbox.deliverDue()) > 0);
    expect(received).toHaveLength(201);
    // The first claims take the reset; the deliveries beside it may end first.
    const position = received.findIndex(isReset);
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(deps.config.SMTP_CONNECTIONS);
  });

  it("ranks each mail by its name: the customer's before staff's", async () => {
    const deps = mailingDeps();
    await queueStaffNotices(deps, 1);
    // Made before the transaction: PGlite's one connection would wait for it to end.
    const notice = await customerNotice(deps, 'cliente@empresa.uy');
    await world.db.transaction(async (tx) => queueMail(tx, notice));
    const rows = await world.db
      .select({ priority: outbox.priority, to: sql<string>`${outbox.payload}->>'to'` })
      .from(outbox)
      .orderBy(outbox.id);
    expect(rows).toEqual([
      { priority: 2, to: 'ventas@tienda.com.uy' },
      { priority: 1, to: 'cliente@empresa.uy' },
    ]);
  });

  it('claims by walking its index, without sorting the queue', async () => {
    await queueStaffNotices(mailingDeps(), 3);
    const plan = await world.db.transaction(async (tx) => {
      // The planner picks a plain scan for a table this small: this asks what else it can do.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${claimStatement({ now: new Date(), kinds: ['mail'] })}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('outbox_claim_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('several at once, never twice', () => {
  it('sends over several SMTP connections at once, no more than its pool', async () => {
    const deps = mailingDeps();
    await queueStaffNotices(deps, 40);
    while ((await deps.outbox.deliverDue()) > 0);
    expect(received).toHaveLength(40);
    expect(smtp.stats.mostInFlight).toBeGreaterThanOrEqual(3);
    expect(smtp.stats.mostInFlight).toBeLessThanOrEqual(deps.config.SMTP_CONNECTIONS);
  });

  it("keeps one address's mails in the order they were queued, one at a time", async () => {
    const deps = mailingDeps();
    const mails = orderMails(await deps.storeIdentity());
    await world.db.transaction(async (tx) => {
      for (let n = 1; n <= 8; n++) {
        await queueMail(tx, mails.statusToCustomer('mismo@empresa.uy', n, 'Enviada'));
        await queueMail(tx, mails.statusToCustomer(`otro${n}@empresa.uy`, n, 'Enviada'));
      }
    });
    while ((await deps.outbox.deliverDue()) > 0);
    const toOne = received.filter((mail) => mail.to === 'mismo@empresa.uy');
    expect(toOne.map((mail) => /N° (\d+)/.exec(mail.subject)?.[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    // The others still went several at once.
    expect(smtp.stats.mostInFlight).toBeGreaterThanOrEqual(2);
  });

  it('sends each mail once while two workers deliver the same outbox', async () => {
    const first = mailingDeps();
    const second = mailingDeps({ db: secondPool?.db });
    const mails = orderMails(await first.storeIdentity());
    await world.db.transaction(async (tx) => {
      for (let n = 1; n <= 60; n++) {
        await queueMail(tx, mails.statusToCustomer(`cliente${n}@empresa.uy`, n, 'Enviada'));
      }
    });
    await Promise.all([first.outbox.start(), second.outbox.start()]);
    await arrives(() => received.length >= 60, 30_000);
    // The server has the last mails before their senders record them: stopping now would cut
    // those and count them failed.
    const undelivered = async () =>
      (await world.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.deliveredAt)))
        .length;
    await expect.poll(undelivered, { timeout: 10_000, interval: 50 }).toBe(0);
    await Promise.all([first.outbox.stop(), second.outbox.stop()]);

    expect(received).toHaveLength(60);
    expect(new Set(received.map((mail) => mail.to)).size).toBe(60);
    const rows = await world.db.select().from(outbox);
    expect(rows.every((row) => row.attempts === 1 && row.deliveredAt !== null)).toBe(true);
  });
});

describe('woken by the commit', () => {
  it('delivers what a procedure and a job queued, with nobody waking the worker', async () => {
    const clock = movableClock();
    const deps = mailingDeps({ clock });
    const customer = await newCustomer(deps);
    const admin = await createTestUser(deps, { role: 'admin' });
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '10.00' }]);
    const { id: orderId } = await requestQuote(deps, customer, [
      { variantId: variant!.id, quantity: 1 },
    ]);
    const staff = callerFor(deps, admin).admin.orders;
    await deps.outbox.start();

    // A procedure: the staff's first message goes out at once.
    await staff.sendMessage({ orderId, body: 'Ya está en camino.' });
    const toCustomer = () => received.filter((mail) => mail.to === customer.user.email);
    const aboutMessages = () => toCustomer().filter((mail) => /mensaje/.test(mail.subject));
    await arrives(() => aboutMessages().length === 1);

    // A job: the next message, gathered, is queued by the job 10 minutes after that mail.
    await staff.sendMessage({ orderId, body: 'Llega el lunes.' });
    clock.advance(10 * 60_000);
    expect(await runMessageMails(deps)).toEqual([orderId]);
    await arrives(() => aboutMessages().length === 2);
  });

  it('sends nothing that a rolled-back transaction queued', async () => {
    const deps = mailingDeps();
    await deps.outbox.start();
    // Made before the transactions: PGlite's one connection would wait for them to end.
    const never = await customerNotice(deps, 'nunca@empresa.uy');
    const after = await customerNotice(deps, 'despues@empresa.uy');
    const rolledBack = deps.db.transaction(async (tx) => {
      await queueMail(tx, never);
      throw new Error('the change failed');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    await world.db.transaction(async (tx) => queueMail(tx, after));

    await arrives(() => received.some((mail) => mail.to === 'despues@empresa.uy'));
    await deps.outbox.stop();
    expect(received.map((mail) => mail.to)).toEqual(['despues@empresa.uy']);
    const rows = await world.db.select({ payload: outbox.payload }).from(outbox);
    expect(rows.map((row) => row.payload.to)).toEqual(['despues@empresa.uy']);
  });
});

describe("deps.clock's time", () => {
  it('claims, retries and records a delivery by the clock it is given', async () => {
    const clock = movableClock('2031-03-01T12:00:00Z');
    const deps = mailingDeps({ clock });
    // Made before the transaction: PGlite's one connection would wait for it to end.
    const notice = await customerNotice(deps, 'cliente@empresa.uy');
    await world.db.transaction(async (tx) => queueMail(tx, notice));
    refusals = 1;

    expect(await deps.outbox.deliverDue()).toBe(0);
    const [failed] = await world.db.select().from(outbox);
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null, lockedUntil: null });
    expect(failed!.nextAttemptAt).toEqual(new Date('2031-03-01T12:00:01Z'));
    // Due one second later by that clock, however long the process waits meanwhile.
    expect(await deps.outbox.deliverDue()).toBe(0);
    clock.advance(1_000);
    expect(await deps.outbox.deliverDue()).toBe(1);
    const [delivered] = await world.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(delivered).toMatchObject({ attempts: 2, lockedUntil: null, lastError: null });
    expect(delivered!.deliveredAt).toEqual(new Date('2031-03-01T12:00:01Z'));
    expect(received.map((mail) => mail.to)).toEqual(['cliente@empresa.uy']);
  });

  it('leases a claimed message until the clock passes the lease', async () => {
    const clock = movableClock('2031-03-01T12:00:00Z');
    await queueStaffNotices(mailingDeps({ clock }), 1);
    await queryRows(world.db, claimStatement({ now: clock.now(), leaseSeconds: 60 }));
    const [claimed] = await world.db.select().from(outbox);
    expect(claimed!.lockedUntil).toEqual(new Date('2031-03-01T12:01:00Z'));

    // Another worker, by the same clock: not before the lease lapses, then at once.
    const other = mailingDeps({ clock });
    clock.advance(59_000);
    expect(await other.outbox.deliverDue()).toBe(0);
    clock.advance(1_000);
    expect(await other.outbox.deliverDue()).toBe(1);
  });
});
