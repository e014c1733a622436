// Real SMTP: the outbox's 'mail' rows go to an smtp-server on a loopback port.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { outbox } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { sql } from 'drizzle-orm';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { requestQuote } from '../support/quotes';
import { decodeHeader, decodeQuotedPrintable, listenSmtp } from '../support/smtp-mail';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

type Received = { from: string; to: string[]; raw: string };

/** The message as a reader sees it: encoded-word headers and quoted-printable parts decoded. */
function readable(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s*=\?UTF-8\?Q\?/gi, '');
  return `${decodeHeader(headers)}\n\n${decodeQuotedPrintable(raw.slice(split))}`;
}

const world = useTestApp();
let smtp: Awaited<ReturnType<typeof listenSmtp>>;
const received: Received[] = [];
/** How many more messages the server refuses before it accepts again. */
let refusals = 0;

/** What the customer types in the checkout's e-mail field: kept for staff, never mailed. */
const TYPED = 'compras@empresa.uy';

beforeAll(async () => {
  smtp = await listenSmtp((raw, envelope) => {
    if (refusals > 0) {
      refusals -= 1;
      return Object.assign(new Error('Servidor ocupado'), { responseCode: 451 });
    }
    received.push({ ...envelope, raw: readable(raw) });
  });
});
afterAll(() => smtp.close());

function smtpDeps(): AppDeps {
  return createTestDeps(world.db, {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Tienda <no-responder@tienda.com.uy>',
      STAFF_EMAIL: 'ventas@tienda.com.uy',
    },
  });
}

async function today() {
  const [row] = await queryRows<{ day: string }>(
    world.db,
    sql`select ((now() at time zone 'America/Montevideo')::date + 15)::text as day`,
  );
  return row!.day;
}

/** Runs the worker until `count` mails arrived (retries wait their back-off in between). */
async function deliverUntil(deps: AppDeps, count: number, timeout = 15_000) {
  await expect
    .poll(
      async () => {
        if (received.length < count) await deps.outbox.deliverDue();
        return received.length;
      },
      { timeout, interval: 200, message: `${count} mails to arrive` },
    )
    .toBeGreaterThanOrEqual(count);
}

describe('e-mail through the outbox', () => {
  let deps: AppDeps;
  let customer: SessionUser;
  let admin: SessionUser;

  beforeAll(async () => {
    deps = smtpDeps();
    customer = await createTestUser(deps, {
      fullName: 'Martín Núñez',
      email: 'martin@empresa.uy',
    });
    admin = await createTestUser(deps, { role: 'admin' });
  });

  it('keeps mails in the outbox, untouched, when SMTP_URL is unset', async () => {
    const offline = createTestDeps(world.db);
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '10.00' }]);
    await requestQuote(offline, customer, [{ variantId: variant!.id, quantity: 1 }], {
      email: TYPED,
    });
    expect(await offline.outbox.deliverDue()).toBe(0);
    const mails = await world.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    expect(mails.length).toBe(2);
    expect(mails.every((mail) => mail.attempts === 0 && mail.deliveredAt === null)).toBe(true);
    // Admins read them in 'Correos'.
    const page = await callerFor(offline, admin).admin.mail.list({ page: 1 });
    expect(page.items.map((mail) => mail.to).sort()).toEqual([
      'martin@empresa.uy',
      'ventas@tienda.com.uy',
    ]);
    const one = await callerFor(offline, admin).admin.mail.get({ id: page.items[0]!.id });
    expect(one.text).toContain('x 1');
    // Delivered now by the instance that has SMTP, so the next tests start from zero.
    await deliverUntil(deps, 2);
    received.length = 0;
  });

  it('mails the customer and staff on a request, and the revision with its PDF', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '120.00' }]);
    const { id } = await requestQuote(deps, customer, [{ variantId: variant!.id, quantity: 2 }], {
      email: TYPED,
    });
    await deliverUntil(deps, 2);
    const byRecipient = new Map(received.map((mail) => [mail.to.join(','), mail]));
    expect(byRecipient.get('martin@empresa.uy')?.raw).toContain(
      `Subject: Recibimos tu solicitud de cotización N° ${id}`,
    );
    expect(byRecipient.get('ventas@tienda.com.uy')?.raw).toContain(
      `Subject: Nueva solicitud de cotización N° ${id}`,
    );
    expect(received[0]!.from).toBe('no-responder@tienda.com.uy');
    expect(received[0]!.raw).toContain('Content-Type: text/html');
    expect(received[0]!.raw).toContain('Content-Type: text/plain');
    received.length = 0;

    await callerFor(deps, admin).admin.orders.sendRevision({
      orderId: id,
      lines: [{ variantId: variant!.id, quantity: 2, unitPrice: '110', discountPercent: '5' }],
      validUntil: await today(),
    });
    await deliverUntil(deps, 1);
    const [revisionMail] = received;
    expect(revisionMail!.to).toEqual(['martin@empresa.uy']);
    expect(revisionMail!.raw).toContain(`Subject: Cotización N° ${id}-1`);
    expect(revisionMail!.raw).toContain('Content-Type: application/pdf');
    expect(revisionMail!.raw).toContain(`cotizacion-${id}-1.pdf`);
    received.length = 0;
  });

  it("mails the account's address about its order, never the e-mail typed at checkout", async () => {
    const offline = createTestDeps(world.db);
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '10.00' }]);
    const stranger = 'victima@otro-dominio.uy';
    const { id } = await callerFor(offline, customer).orders.requestQuote({
      email: stranger,
      items: [{ variantId: variant!.id, quantity: 1 }],
      idempotencyKey: `mail-typed-${Date.now()}`,
    });
    const staff = callerFor(offline, admin).admin.orders;
    await staff.sendRevision({
      orderId: id,
      lines: [{ variantId: variant!.id, quantity: 1, unitPrice: '9', discountPercent: '0' }],
      validUntil: await today(),
    });
    await staff.setStatus({ id, status: 'Cancelado', reason: 'Pedido duplicado' });

    const mails = await world.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.kind, 'mail'))
      .orderBy(outbox.id);
    const mine = mails
      .map((row) => row.payload as { to: string; subject: string })
      .filter((mail) => mail.subject.includes(`N° ${id}`));
    expect(mine.map((mail) => [mail.to, mail.subject])).toEqual([
      ['martin@empresa.uy', `Recibimos tu solicitud de cotización N° ${id}`],
      ['ventas@tienda.com.uy', `Nueva solicitud de cotización N° ${id}`],
      ['martin@empresa.uy', `Cotización N° ${id}-1`],
      ['martin@empresa.uy', `Tu pedido N° ${id} ahora está: Cancelado`],
    ]);
    // The typed address stays on the order for staff, as its contact e-mail.
    const order = await staff.get({ id });
    expect(order.contactEmail).toBe(stranger);
    expect(order.customerEmail).toBe('martin@empresa.uy');
    await deliverUntil(deps, 4);
    received.length = 0;
  });

  it('retries a refusing server with back-off until it accepts', async () => {
    refusals = 2;
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '1.00' }]);
    const { id } = await requestQuote(deps, customer, [{ variantId: variant!.id, quantity: 1 }], {
      email: TYPED,
    });
    await deliverUntil(deps, 2);
    expect(refusals).toBe(0);
    const retried = await world.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    const mine = retried.filter((mail) => JSON.stringify(mail.payload).includes(`N° ${id}`));
    expect(mine.every((mail) => mail.deliveredAt !== null)).toBe(true);
    expect(Math.max(...mine.map((mail) => mail.attempts))).toBeGreaterThan(1);
  });
});
