import { desc, eq } from 'drizzle-orm';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createSession, generateSessionToken } from '@server/auth/session';
import { contactMessages, newsletterSubscriptions, outbox } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { callerFor, createTestUser } from '../support/context';
import { JSON_MUTATION } from '../support/http';
import { useTestApp } from '../support/test-app';

const world = useTestApp();

/** The Spanish messages of a rejected call, one per invalid field. */
async function validationMessages(call: Promise<unknown>): Promise<Record<string, string>> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  const issues =
    (error as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } } | null)?.cause
      ?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const validMessage = {
  name: 'Comercial Norte S.A.',
  email: 'Compras@Norte.com.uy',
  phone: '2900 1234',
  message: 'Quisiera una cotización por 20 notebooks.\nGracias.',
};

describe('contact form', () => {
  it('stores the message and queues its forwarding together', async () => {
    const visitor = callerFor(world.deps);
    expect(await visitor.contact.send(validMessage)).toEqual({ ok: true });
    const [stored] = await world.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'compras@norte.com.uy'));
    expect(stored).toMatchObject({
      name: 'Comercial Norte S.A.',
      phone: '2900 1234',
      message: validMessage.message,
      isRead: false,
    });
    const [queued] = await world.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'contact'))
      .orderBy(desc(outbox.id));
    expect(queued?.payload).toMatchObject({ email: 'compras@norte.com.uy', source: 'contacto' });
  });

  it('answers each missing or invalid field with its Spanish message', async () => {
    const errors = await validationMessages(
      callerFor(world.deps).contact.send({ name: ' ', email: 'no-es-un-correo', message: '' }),
    );
    expect(errors).toEqual({
      name: 'El nombre es requerido',
      email: 'El correo electrónico no es válido',
      message: 'El mensaje es requerido',
    });
    const noEmail = await validationMessages(
      callerFor(world.deps).contact.send({ ...validMessage, email: '' }),
    );
    expect(noEmail).toEqual({ email: 'El correo electrónico es requerido' });
  });

  it('answers a bot that filled the honeypot with success, storing nothing', async () => {
    const before = await world.db.select().from(contactMessages);
    const result = await callerFor(world.deps).contact.send({
      ...validMessage,
      email: 'bot@spam.test',
      website: 'https://spam.test',
    });
    expect(result).toEqual({ ok: true });
    expect(await world.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('is rate-limited per IP', async () => {
    const limited: AppDeps = {
      ...world.deps,
      rateLimiter: new RateLimiterMemory({ points: 2, duration: 60 }),
    };
    const app = await buildApp(limited);
    try {
      const send = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/trpc/contact.send',
          headers: JSON_MUTATION,
          payload: { json: validMessage },
          remoteAddress: ip,
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send('10.9.9.9')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await send('10.8.8.8')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('newsletter', () => {
  it('stores one row per email; subscribing again is not an error', async () => {
    const visitor = callerFor(world.deps);
    await visitor.contact.subscribe({ email: 'Lista@Empresa.uy' });
    await visitor.contact.subscribe({ email: 'lista@empresa.uy ' });
    const rows = await world.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'lista@empresa.uy'));
    expect(rows).toHaveLength(1);
  });

  it('answers an invalid email with its Spanish message', async () => {
    expect(
      await validationMessages(callerFor(world.deps).contact.subscribe({ email: 'hola@' })),
    ).toEqual({ email: 'El correo electrónico no es válido' });
  });
});

describe('staff inbox', () => {
  it('lists contact messages newest first and marks them read', async () => {
    const admin = callerFor(world.deps, await createTestUser(world.deps, { role: 'admin' }));
    await callerFor(world.deps).contact.send({ ...validMessage, name: 'Último en llegar' });
    const page = await admin.admin.inbox.messages.list({ page: 1 });
    expect(page.items[0]).toMatchObject({ name: 'Último en llegar', isRead: false });
    expect(page.unread).toBeGreaterThanOrEqual(1);

    await admin.admin.inbox.messages.setRead({ id: page.items[0]!.id, isRead: true });
    const after = await admin.admin.inbox.messages.list({ page: 1 });
    expect(after.items[0]!.isRead).toBe(true);
    expect(after.unread).toBe(page.unread - 1);
  });

  it('is for admins only', async () => {
    const customer = await createTestUser(world.deps);
    await expect(
      callerFor(world.deps, customer).admin.inbox.messages.list({ page: 1 }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      callerFor(world.deps).admin.inbox.messages.list({ page: 1 }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('downloads the subscribers as CSV for admins only', async () => {
    await callerFor(world.deps).contact.subscribe({ email: 'csv@empresa.uy' });
    const app = await buildApp(world.deps);
    try {
      const anonymous = await app.inject({ url: '/api/admin/newsletter.csv' });
      expect(anonymous.statusCode).toBe(401);

      const admin = await createTestUser(world.deps, { role: 'admin' });
      const token = generateSessionToken();
      await createSession(world.deps.db, token, admin.user.id, world.deps.clock.now());
      const response = await app.inject({
        url: '/api/admin/newsletter.csv',
        headers: { cookie: `session=${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('email,fecha_suscripcion');
      expect(lines.some((line) => line.startsWith('csv@empresa.uy,'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
