// Mails read from an inbox, through a real SMTP server: every link absolute on PUBLIC_URL, in
// the HTML and in the text; the expiry reminder; staff messages gathered into at most one
// mail per order every 10 minutes; and the dashboard's 'Correos' saying why a mail waits.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { outbox } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { runMessageMails, runQuoteDeadlines } from '@server/jobs';
import { NO_SMTP_REASON } from '@server/mail/delivery-errors';
import { DAY_MS, movableClock } from '../support/clock';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { listenSmtp, readMail, type ReadMail } from '../support/smtp-mail';
import { createTestProduct } from './orders-fixtures';

const PUBLIC_URL = 'https://tienda.example.uy';
const MINUTE_MS = 60_000;

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof listenSmtp>>;
const received: ReadMail[] = [];
/** The server answers 550 to every message while this is on. */
let isRefusing = false;

const clock = movableClock();
let deps: AppDeps;
let customer: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await listenSmtp((raw) => {
    if (isRefusing) return Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    received.push(readMail(raw));
  });
  deps = createTestDeps(database.db, {
    clock,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL,
      STAFF_EMAIL: 'ventas@tienda.com.uy',
    },
  });
  customer = await createTestUser(deps, { fullName: 'Ana <b>Peña</b> & Cía' });
  admin = await createTestUser(deps, { role: 'admin' });
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

/** Delivers the outbox until a mail whose subject contains `subject` arrived. */
async function deliveredMail(subject: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = received.find((candidate) => candidate.subject.includes(subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail '${subject}' arrived`);
    await deps.outbox.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every address a mail links to or loads, in its HTML and its text. */
function linksOf(mail: ReadMail) {
  const { html } = mail;
  const fromHtml = [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
  const fromText = [...mail.text.matchAll(/\bhttps?:\/\/\S+/g)].map((match) => match[0]);
  return { html, fromHtml, fromText };
}

function expectAbsoluteLinks(mail: ReadMail, path: string) {
  const { html, fromHtml, fromText } = linksOf(mail);
  expect(fromHtml.length).toBeGreaterThan(0);
  for (const link of [...fromHtml, ...fromText]) expect(link.startsWith(PUBLIC_URL)).toBe(true);
  // The button leads to the page the mail is about, in both bodies.
  expect(fromHtml).toContain(`${PUBLIC_URL}${path}`);
  expect(fromText).toContain(`${PUBLIC_URL}${path}`);
  // No site path is left relative anywhere in the text either.
  expect(mail.text).not.toMatch(/(^|\s)\/(account|dashboard)\//m);
  expect(html).toMatch(/^<!doctype html>/i);
}

const montevideoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Montevideo' }).format();
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

async function sentQuote() {
  clock.set(new Date());
  const [variant] = await createTestProduct(database.db, [{ stock: 10, price: '100.00' }]);
  const order = await callerFor(deps, customer).orders.requestQuote({
    email: 'compras@empresa.uy',
    items: [{ variantId: variant!.id, quantity: 1 }],
    idempotencyKey: `links-${Date.now()}-${Math.random()}`,
  });
  const validUntil = addDays(montevideoToday(), 10);
  await callerFor(deps, admin).admin.orders.sendRevision({
    orderId: order.id,
    lines: [{ variantId: variant!.id, quantity: 1, unitPrice: '100.00', discountPercent: '0' }],
    validUntil,
  });
  return { orderId: order.id, validUntil };
}

describe('mails read from an inbox', () => {
  it('links every mail of a quote absolutely, escaping what the customer typed', async () => {
    const { orderId } = await sentQuote();
    const request = await deliveredMail(`Nueva solicitud de cotización N° ${orderId}`);
    expectAbsoluteLinks(request, `/dashboard/ordenes/${orderId}`);
    // The customer's name went into the HTML as text, never as markup.
    expect(linksOf(request).html).toContain('Ana &lt;b&gt;Peña&lt;/b&gt; &amp; Cía');
    expect(linksOf(request).html).not.toContain('<b>Peña</b>');
    expect(request.text).toContain('Ana <b>Peña</b> & Cía pidió una cotización.');
    // Branded: the store's name heads the HTML (no logo is configured).
    expect(linksOf(request).html).toContain('>Tienda</span>');

    const revision = await deliveredMail(`Cotización N° ${orderId}-1`);
    expectAbsoluteLinks(revision, `/account/pedidos/${orderId}`);
    expect(revision.attachments).toEqual([`cotizacion-${orderId}-1.pdf`]);
  });

  it('delivers the expiry reminder with an absolute button to the order', async () => {
    const { orderId, validUntil } = await sentQuote();
    clock.set(new Date(`${addDays(validUntil, -3)}T10:00:00-03:00`));
    await runQuoteDeadlines(deps);
    const reminder = await deliveredMail(`Tu cotización N° ${orderId}-1 vence el`);
    expect(reminder.to).toBe(customer.user.email);
    expectAbsoluteLinks(reminder, `/account/pedidos/${orderId}`);
  });

  it('mails the first staff message at once and gathers the next ones for 10 minutes', async () => {
    clock.set(new Date());
    const { orderId } = await sentQuote();
    const staff = callerFor(deps, admin).admin.orders;
    const start = clock.now().getTime();
    const at = (minutes: number) => clock.set(new Date(start + minutes * MINUTE_MS));
    const subjectFor = `sobre tu pedido N° ${orderId}`;
    const messagesTo = () => received.filter((mail) => mail.subject.includes(subjectFor));
    /** Delivers what is due; the customer's message mails so far. */
    const mailedSoFar = async () => {
      while ((await deps.outbox.deliverDue()) > 0);
      return messagesTo();
    };

    // The first goes out at once, with no job run: the customer reads it within seconds.
    await staff.sendMessage({ orderId, body: 'El <monitor> llega el lunes & sin costo.' });
    const first = await deliveredMail(`Nuevo mensaje ${subjectFor}`);
    expect(first.text).toContain('El <monitor> llega el lunes & sin costo.');
    expect(linksOf(first).html).toContain('El &lt;monitor&gt; llega el lunes &amp; sin costo.');
    expectAbsoluteLinks(first, `/account/pedidos/${orderId}`);

    // Two more within minutes of that mail wait, gathered, until 10 minutes after it.
    at(4);
    await staff.sendMessage({ orderId, body: 'Ya revisamos tu pedido.' });
    at(6);
    await staff.sendMessage({ orderId, body: 'Te enviamos la factura.' });
    at(9);
    expect(await runMessageMails(deps)).not.toContain(orderId);
    expect(await mailedSoFar()).toHaveLength(1);
    at(10);
    expect(await runMessageMails(deps)).toEqual([orderId]);
    expect(await runMessageMails(deps)).not.toContain(orderId);
    const second = await deliveredMail(`2 mensajes nuevos ${subjectFor}`);
    expect(second.text).toContain('Ya revisamos tu pedido.');
    expect(second.text).toContain('Te enviamos la factura.');
    expect(second.text).not.toContain('El <monitor>');

    // One within 10 minutes of that mail waits again, until 10 minutes after it.
    at(15);
    await staff.sendMessage({ orderId, body: 'La factura está en tu cuenta.' });
    at(19);
    expect(await runMessageMails(deps)).not.toContain(orderId);
    expect(await mailedSoFar()).toHaveLength(2);
    at(20);
    expect(await runMessageMails(deps)).toEqual([orderId]);
    expect(await mailedSoFar()).toHaveLength(3);
    expect(messagesTo()[2]!.text).toContain('La factura está en tu cuenta.');

    // After a quiet spell, the next goes out at once again.
    at(45);
    await staff.sendMessage({ orderId, body: 'Gracias por tu compra.' });
    expect(await mailedSoFar()).toHaveLength(4);
    expect(messagesTo()[3]!.text).toContain('Gracias por tu compra.');
    expect(messagesTo()[3]!.text).not.toContain('La factura');
  });
});

describe("'Correos' says why a mail waits", () => {
  it('names the missing SMTP_URL, or the last delivery error in Spanish', async () => {
    await sentQuote();
    const offline = createTestDeps(database.db);
    const [waiting] = (await callerFor(offline, admin).admin.mail.list({ page: 1 })).items;
    expect(waiting).toMatchObject({ deliveredAt: null, waitReason: NO_SMTP_REASON });

    isRefusing = true;
    try {
      const { orderId } = await sentQuote();
      const [row] = await database.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(sql`${outbox.payload}->>'subject' = ${`Cotización N° ${orderId}-1`}`);
      const deadline = Date.now() + 15_000;
      let reason: string | null = null;
      while (!reason?.startsWith('Último intento fallido')) {
        if (Date.now() > deadline) throw new Error(`no failure recorded: ${reason}`);
        await deps.outbox.deliverDue();
        reason = (await callerFor(deps, admin).admin.mail.get({ id: row!.id })).waitReason;
      }
      expect(reason).toMatch(
        /^Último intento fallido: El servidor de correo rechazó el envío \(550\)/,
      );
      const listed = (await callerFor(deps, admin).admin.mail.list({ page: 1 })).items.find(
        (mail) => mail.id === row!.id,
      );
      expect(listed?.waitReason).toBe(reason);
    } finally {
      isRefusing = false;
    }
    const [delivered] = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.kind, 'mail'))
      .limit(1);
    expect((await callerFor(deps, admin).admin.mail.get({ id: delivered!.id })).waitReason).toBe(
      null,
    );
  });
});
