// `npx tsx bench/reset-timing.ts [--requests 200]` (DATABASE_URL for PostgreSQL, else PGlite in
// memory): how long '¿Olvidaste tu contraseña?' takes to answer for an address with an account
// and for one without, through the app's HTTP pipeline, with the outbox delivering to a real
// SMTP server on loopback as in production. Known and unknown requests alternate, each from
// its own client address and for its own typed address (the rate limits count both), so what
// the background delivery costs lands on both kinds alike. Prints the medians and the 90th
// percentiles; a figure, not an assertion (docs/decisions/076-secrets-out-of-backups-and-mails.md).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createAppDeps } from '../src/server/deps';
import { createPostgresDatabase } from '../tests/support/postgres-database';
import { runWhenStarted } from './entry';

const WARM_UP = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};

async function main() {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
  const requests = Number(values.requests);
  let delivered = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        delivered += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const created = process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const database = await openDatabase({ databaseUrl: created?.url, dataDir: 'memory://' });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'tienda-reset-timing-')),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...(created ? { DATABASE_URL: created.url } : {}),
  });
  const deps = createAppDeps(database.db, config);
  const app = await buildApp(deps);
  await deps.outbox.start();

  const total = WARM_UP + requests;
  const known = Array.from({ length: total }, (_, i) => `cliente-${i}@empresa.uy`);
  await database.db
    .insert(users)
    .values(known.map((email) => ({ email, passwordHash: 'no-entra-nadie' })));

  let client = 0;
  async function timed(email: string) {
    client += 1;
    const started = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/trpc/auth.passwordReset.request',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      payload: JSON.stringify({ json: { email } }),
    });
    const ms = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`${answer.statusCode}: ${answer.body}`);
    return ms;
  }

  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < total; i += 1) {
    // Which kind goes first alternates too, so neither always follows the other's delivery.
    const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const kind of order) {
      const email = kind === 'known' ? known[i]! : `nadie-${i}@empresa.uy`;
      const ms = await timed(email);
      if (i >= WARM_UP) times[kind].push(ms);
    }
  }
  while ((await deps.outbox.deliverDue()) > 0);

  const row = (kind: 'known' | 'unknown') =>
    `${kind === 'known' ? 'con cuenta' : 'sin cuenta'}: mediana ${percentile(times[kind], 50).toFixed(2)} ms, p90 ${percentile(times[kind], 90).toFixed(2)} ms`;
  console.log(
    `${database.kind}, ${requests} pedidos de cada clase (${delivered} correos entregados)`,
  );
  console.log(row('known'));
  console.log(row('unknown'));

  await deps.outbox.stop();
  await app.close();
  await database.close();
  await created?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}

runWhenStarted(import.meta.url, main);
