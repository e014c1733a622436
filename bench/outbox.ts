// The outbox under a burst (docs/decisions/075-outbox-fast-and-in-order.md): 1,000 mails are
// queued as a burst of quote requests leaves them (each request's confirmation to the customer
// and its notice to staff), then one password reset behind them; the worker starts and sends
// them to a local SMTP server (smtp-server). Measured: how long the burst takes to drain, how
// long the reset waits, and how many SMTP connections the server saw. The server answers each
// message after `replyDelayMs` (0: at once; a relay checking and queueing a message takes tens
// of milliseconds). Runs inside `npm run bench`, or alone with `npm run bench -- --outbox`.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { outbox } from '../src/server/db/schema';
import { createAppDeps } from '../src/server/deps';
import { orderMails, queueMail } from '../src/server/mail/order-mails';
import { registerCustomer } from '../src/server/services/accounts/accounts';
import { requestPasswordReset } from '../src/server/services/accounts/password-reset';

/** Mails in the burst: a confirmation and a staff notice per quote request. */
const BURST_MAILS = 1_000;
/** Quote requests queued per transaction, as concurrent requests commit side by side. */
const REQUESTS_PER_TRANSACTION = 25;
/** The reply delays measured: a server on this machine, and one as slow as a busy relay. */
export const OUTBOX_REPLY_DELAYS_MS = [0, 50];

export type OutboxFigures = {
  replyDelayMs: number;
  mails: number;
  drainSeconds: number;
  mailsPerSecond: number;
  resetWaitSeconds: number;
  /** Where the reset arrived among all the mails (1 = first). */
  resetPosition: number;
  smtpConnections: number;
};

async function listenSmtp(replyDelayMs: number, onMail: (to: string) => void) {
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // A pool's idle connections are told to go when the bench closes the server.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) onMail(rcpt.address);
        setTimeout(callback, replyDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Queues the burst and the reset behind it, then times the worker from its start. */
export async function outboxScenario(
  db: Database,
  replyDelayMs = 0,
  runId = Date.now().toString(36),
): Promise<OutboxFigures> {
  // Mails other scenarios left waiting (their store has no SMTP) are not part of this burst.
  await db
    .update(outbox)
    .set({ deliveredAt: sql`now()` })
    .where(sql`delivered_at is null`);
  const received: string[] = [];
  let resolveDrained = () => {};
  const drained = new Promise<void>((resolve) => (resolveDrained = resolve));
  let resetAt = 0;
  const resetTo = `reset-${runId}@bench.uy`;
  const smtp = await listenSmtp(replyDelayMs, (to) => {
    received.push(to);
    if (to === resetTo) resetAt = performance.now();
    if (received.length === BURST_MAILS + 1) resolveDrained();
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://tienda.example',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    STAFF_EMAIL: 'ventas@bench.uy',
  });
  const deps = createAppDeps(db, config);
  const store = await deps.storeIdentity();
  const mails = orderMails(store);
  const requests = BURST_MAILS / 2;
  for (let first = 0; first < requests; first += REQUESTS_PER_TRANSACTION) {
    await db.transaction(async (tx) => {
      const last = Math.min(first + REQUESTS_PER_TRANSACTION, requests);
      for (let n = first; n < last; n++) {
        const itemsText = `Notebook modelo ${n} x 1 - US$ 899,00`;
        await queueMail(
          tx,
          mails.requestedToCustomer(`cliente-${runId}-${n}@bench.uy`, n, itemsText),
        );
        await queueMail(
          tx,
          mails.requestedToStaff('ventas@bench.uy', n, `Cliente ${n}`, itemsText),
        );
      }
    });
  }
  await registerCustomer(db, {
    email: resetTo,
    password: 'bench-password-1',
    fullName: 'Cliente que olvidó su contraseña',
  });
  await requestPasswordReset(db, resetTo, { now: deps.clock.now(), store });

  const startedAt = performance.now();
  await deps.outbox.start();
  await drained;
  const drainMs = performance.now() - startedAt;
  await deps.outbox.stop();
  await smtp.close();
  return {
    replyDelayMs,
    mails: received.length,
    drainSeconds: Number((drainMs / 1000).toFixed(1)),
    mailsPerSecond: Math.round(received.length / (drainMs / 1000)),
    resetWaitSeconds: Number(((resetAt - startedAt) / 1000).toFixed(2)),
    resetPosition: received.indexOf(resetTo) + 1,
    smtpConnections: smtp.connections(),
  };
}

export function printOutboxFigures(kind: string, figures: OutboxFigures[]) {
  console.log(`\noutbox, ${kind}: ${BURST_MAILS} queued mails and a reset behind them`);
  console.log(
    `${'SMTP reply'.padEnd(12)}${'drain s'.padStart(9)}${'mails/s'.padStart(9)}${'reset s'.padStart(9)}${'reset #'.padStart(9)}${'conns'.padStart(7)}`,
  );
  for (const row of figures) {
    console.log(
      `${`${row.replyDelayMs} ms`.padEnd(12)}${String(row.drainSeconds).padStart(9)}${String(row.mailsPerSecond).padStart(9)}${String(row.resetWaitSeconds).padStart(9)}${String(row.resetPosition).padStart(9)}${String(row.smtpConnections).padStart(7)}`,
    );
  }
}
