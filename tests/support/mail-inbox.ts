// A real SMTP server on a loopback port that keeps what it receives, and a test world whose
// outbox delivers to it: account and company mails are read as the recipient reads them.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '@server/app';
import type { Database } from '@server/db/client';
import type { AppDeps } from '@server/deps';
import { createTestDeps } from './context';
import { movableClock, type MovableClock } from './clock';
import { createTestDatabase, type TestDatabase } from './db';

export type ReceivedMail = { to: string; subject: string; text: string };

/** Quoted-printable to text (UTF-8). */
const fromQuotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const decodeWord = (encoding: string, data: string) =>
  encoding.toUpperCase() === 'B'
    ? Buffer.from(data, 'base64').toString('utf8')
    : fromQuotedPrintable(data.replace(/_/g, ' '));

/** The subject and the plain-text part of a raw message, as a reader sees them. */
function readMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s*=\?UTF-8\?[QB]\?/gi, '')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      decodeWord(encoding, data),
    );
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const body = raw.slice(split);
  // The text/plain part: nodemailer writes it quoted-printable (or 7bit for plain ASCII).
  const plain = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(body)?.[1] ?? body;
  const isBase64 = /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: base64/i.test(body);
  const text = isBase64
    ? Buffer.from(plain, 'base64').toString('utf8')
    : fromQuotedPrintable(plain);
  return { subject, text };
}

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
  let server: SMTPServer;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail = readMail(Buffer.concat(chunks).toString('utf8'));
          for (const rcpt of session.envelope.rcptTo)
            world.received.push({ to: rcpt.address, ...mail });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
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
    await world.app?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
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
