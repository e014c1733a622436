// A real SMTP server on a loopback port that keeps what it receives, and a test world whose
// outbox delivers to it: account and company mails are read as the recipient reads them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '@server/app';
import type { Database } from '@server/db/client';
import type { AppDeps } from '@server/app-deps';
import { createTestDeps } from './context';
import { movableClock, type MovableClock } from './clock';
import { createTestDatabase, type TestDatabase } from './db';
import { listenSmtp, readMail } from './smtp-mail';

export type ReceivedMail = { to: string; subject: string; text: string };

export type MailWorld = {
  database: TestDatabase;
  db: Database;
  deps: AppDeps;
  clock: MovableClock;
  /** Every mail the SMTP server accepted, oldest first. */
  received: ReceivedMail[];
  /** The HTTP app, when asked for. */
  app: FastifyInstance;
};

/**
 * A fresh database, deps whose outbox mails through a real SMTP server (PUBLIC_URL
 * https://tienda.example, so links are absolute) and a movable clock, for a whole file.
 */
export function useMailWorld(options: { http?: boolean; env?: Record<string, string> } = {}) {
  const world = { received: [] as ReceivedMail[] } as MailWorld;
  let smtp: Awaited<ReturnType<typeof listenSmtp>>;
  beforeAll(async () => {
    smtp = await listenSmtp((raw, envelope) => {
      const { subject, text } = readMail(raw);
      for (const to of envelope.to) world.received.push({ to, subject, text });
    });
    const { port } = smtp;
    world.database = await createTestDatabase();
    world.db = world.database.db;
    world.clock = movableClock();
    world.deps = createTestDeps(world.db, {
      clock: world.clock,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        PUBLIC_URL: 'https://tienda.example',
        STAFF_EMAIL: 'ventas@tienda.com.uy',
        ...options.env,
      },
    });
    if (options.http) world.app = await buildApp(world.deps);
  });
  afterAll(async () => {
    await world.deps?.outbox.stop();
    await world.app?.close();
    await smtp.close();
    await world.database?.close();
  });
  return world;
}

/**
 * Delivers the outbox until a mail to `to` whose subject contains `subject` arrived, and
 * returns the latest such mail. Polls: never a fixed wait for the mail itself.
 */
export async function mailTo(world: MailWorld, to: string, subject: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = world.received.filter((mail) => mail.to === to && mail.subject.includes(subject));
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) {
      throw new Error(
        `no mail to ${to} about "${subject}"; got ${JSON.stringify(world.received.map((m) => [m.to, m.subject]))}`,
      );
    }
    await world.deps.outbox.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Delivers whatever is due, then the mails to `to` that arrived (none is an answer too). */
export async function deliveredTo(world: MailWorld, to: string) {
  while ((await world.deps.outbox.deliverDue()) > 0);
  return world.received.filter((mail) => mail.to === to);
}

/** The link of a mail to `path` ('https://tienda.example/nueva-contrasena#…') and its token. */
export function linkIn(mail: ReceivedMail, path: string) {
  const match = new RegExp(`https://tienda\\.example${path}(?:#([A-Za-z0-9]+))?`).exec(mail.text);
  if (!match) throw new Error(`no link to ${path} in: ${mail.text}`);
  return { url: match[0], token: match[1] ?? '' };
}
