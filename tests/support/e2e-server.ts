// The server Playwright tests run against: the built SPA, a fresh database with demo data,
// a known admin, and a real SMTP server on loopback that every mail is delivered to and that
// leaves each one as a file in E2E_MAIL_DIR (mailed links exist only in the sent mail,
// docs/decisions/076-secrets-out-of-backups-and-mails.md). Started by playwright.config.ts.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { seedIfEmpty } from '@server/seed';
import { ensureAdmin } from '@server/services/accounts/accounts';
import { createAppDeps } from '@server/deps';
import { queryRows } from '@server/db/queries';
import { runPaymentReminders, runQuoteDeadlines } from '@server/jobs';
import { createCfeWorker } from '@server/services/invoicing/cfe-worker';
import type { Clock } from '@server/clock';
import {
  E2E_ADMIN,
  E2E_MAIL_DIR,
  E2E_PORT,
  E2E_SEARCH_COUNT_CAP,
  E2E_SHOP_COUNT_CAP,
  type E2eMail,
} from './e2e-constants';
import { createPostgresDatabase } from './postgres-database';
import { listenSmtp, readMail } from './smtp-mail';

rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
mkdirSync(E2E_MAIL_DIR, { recursive: true, mode: 0o700 });
let received = 0;
const smtp = await listenSmtp((raw, envelope) => {
  const { subject, text } = readMail(raw);
  for (const to of envelope.to) {
    const mail: E2eMail = { to, subject, text, receivedAt: Date.now() };
    const name = `${String(++received).padStart(6, '0')}.json`;
    // Written aside, then renamed: a reader never sees half a file.
    writeFileSync(path.join(E2E_MAIL_DIR, `.${name}`), JSON.stringify(mail));
    renameSync(path.join(E2E_MAIL_DIR, `.${name}`), path.join(E2E_MAIL_DIR, name));
  }
});

const root = mkdtempSync(path.join(tmpdir(), 'tienda-e2e-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    PORT: String(E2E_PORT),
    DATA_DIR: path.join(root, 'data'),
    UPLOADS_DIR: path.join(root, 'uploads'),
    AUTH_RATE_LIMIT: '1000',
    // Specs take whole variants' stock as one customer; the caps have tests of their own, and
    // dashboard-orders.spec.ts gives its customer a small cap of their own.
    MAX_HELD_UNITS: '100000',
    MAX_HELD_VARIANT_PERCENT: '100',
    UNVERIFIED_MAX_HELD_UNITS: '100000',
    // The shop counts and pages only so far (docs/decisions/067-*.md): low caps put the demo
    // catalogue past them, so specs see 'más de 24' without creating 10,001 products.
    SHOP_COUNT_CAP: String(E2E_SHOP_COUNT_CAP),
    SEARCH_COUNT_CAP: String(E2E_SEARCH_COUNT_CAP),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  }),
  clientDir: process.env.E2E_DIST_DIR ?? path.resolve('dist/client'),
};
// A database of its own on the PostgreSQL server when DATABASE_URL is set, else PGlite on disk.
const created = process.env.DATABASE_URL
  ? await createPostgresDatabase(process.env.DATABASE_URL)
  : undefined;
const database = await openDatabase({ databaseUrl: created?.url, dataDir: config.DATA_DIR });
await database.migrate();
// The server's 'now' runs ahead by what /__e2e/clock sets: due dates and reminders are seen by
// moving the one clock (as the integration tests do), never the browser's.
let clockAheadMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + clockAheadMs) };
const deps = createAppDeps(database.db, config, { clock });
await seedIfEmpty(database.db, deps.storage);
await ensureAdmin(database.db, E2E_ADMIN.email, E2E_ADMIN.password);

const app = await buildApp(deps);
// Test-only (never in the app): moves a sent quote's validity to yesterday, Montevideo's, and
// runs the deadlines job as its timer would, so a spec sees an expired quote without moving
// the browser's clock. Answers the day it set.
app.post<{ Params: { id: string } }>('/__e2e/expire-quote/:id', async (request) => {
  const [row] = await queryRows<{ valid_until: string }>(
    database.db,
    sql`update quote_revisions set valid_until = (now() at time zone 'America/Montevideo')::date - 1
        where order_id = ${Number(request.params.id)}
          and number = (select max(number) from quote_revisions where order_id = ${Number(request.params.id)})
        returning valid_until::text as valid_until`,
  );
  const handled = await runQuoteDeadlines(deps);
  return { validUntil: row?.valid_until ?? null, expired: handled.expired };
});
// Test-only: puts the server's clock `days` ahead of the real one (0 puts it back) and runs the
// payment reminders' job as its timer would. Sessions older than their 30 days end with it, as
// they would. Answers the server's day and the reminders sent.
app.post<{ Body: { days: number } }>('/__e2e/clock', async (request) => {
  clockAheadMs = Number(request.body.days) * 24 * 60 * 60 * 1000;
  const reminders = await runPaymentReminders(deps);
  return { now: clock.now().toISOString(), reminders };
});
// Test-only: runs the CFE worker as its timer would, each document waiting for DGI's answer
// made due at once (the epoch, as DUE_AT_ONCE: the database's now() can be a fraction of a
// millisecond ahead of the worker's clock), until nothing is left to do (the simulated provider answers on the next
// look). Answers the states of the order's documents.
app.post<{ Params: { id: string } }>('/__e2e/run-cfe/:id', async (request) => {
  const worker = createCfeWorker(deps);
  for (let pass = 0; pass < 4; pass++) {
    await worker.runDue();
    await database.db.execute(
      sql`update cfe_documents set next_attempt_at = 'epoch'
          where order_id = ${Number(request.params.id)} and state = 'pending_dgi'`,
    );
  }
  return queryRows<{ kind: number; state: string; last_error: string | null }>(
    database.db,
    sql`select kind, state, last_error from cfe_documents
        where order_id = ${Number(request.params.id)} order by id`,
  );
});
await app.listen({ port: config.PORT, host: '127.0.0.1' });
// main.ts starts the outbox's worker; so does this server, to deliver the mails as they come.
await deps.outbox.start();
console.log(`e2e server on ${config.PORT}, uploads in ${config.UPLOADS_DIR}`);

const shutdown = async () => {
  await deps.outbox.stop();
  await app.close();
  await smtp.close();
  await database.close();
  await created?.drop();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
