import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken, type SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { orders, quoteRevisionLines, quoteRevisions } from '@server/db/schema';
import { renderQuotePdf } from '@server/pdf/quote-pdf';
import { loadQuoteDocument } from '@server/services/orders/quote-document';
import type { RevisionFormValues } from '@shared/schemas/quote';
import { callerFor, createTestUser } from '../support/context';
import { JSON_MUTATION, trpcErrorOf } from '../support/http';
import { requestQuote, stockOf } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp({ http: true });
let customer: SessionUser;
let stranger: SessionUser;
let admin: SessionUser;
let keyCounter = 0;

beforeAll(async () => {
  customer = await createTestUser(world.deps, { fullName: 'Ana Peña' });
  stranger = await createTestUser(world.deps, { fullName: 'Otro Cliente' });
  admin = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Admin' });
});

/** Today + `days` as YYYY-MM-DD in Montevideo, the store's calendar. */
async function dayFromToday(days: number) {
  const [row] = await queryRows<{ day: string }>(
    world.db,
    sql`select (((now() at time zone 'America/Montevideo')::date) + ${days}::int)::text as day`,
  );
  return row!.day;
}

async function setup(stock = 10) {
  const [a, b] = await createTestProduct(
    world.db,
    [
      { stock, price: '100.00', colorName: 'Gris' },
      { stock, price: '10.05', colorName: 'Azul' },
    ],
    `Notebook Año ${++keyCounter}`,
  );
  const order = await requestQuote(
    world.deps,
    customer,
    [
      { variantId: a!.id, quantity: 2 },
      { variantId: b!.id, quantity: 3 },
    ],
    { companyName: 'Ejemplo S.A.', rut: '21-100342-001-7' },
  );
  return { a: a!, b: b!, orderId: order.id };
}

const line = (
  variant: TestVariant,
  quantity: number,
  unitPrice: string,
  discountPercent = '0',
) => ({
  variantId: variant.id,
  quantity,
  unitPrice,
  discountPercent,
});

async function revise(orderId: number, lines: RevisionFormValues['lines'], validInDays = 15) {
  return callerFor(world.deps, admin).admin.orders.sendRevision({
    orderId,
    lines,
    note: 'Entrega en 48 horas. Gracias por su confianza.',
    validUntil: await dayFromToday(validInDays),
  });
}

describe('quote revisions', () => {
  it('copies the company data onto the order and the customer', async () => {
    const { orderId } = await setup();
    const order = await callerFor(world.deps, customer).account.orders.get({ id: orderId });
    expect(order).toMatchObject({ companyName: 'Ejemplo S.A.', rut: '211003420017' });
    // Saved at checkout, the company data made the customer its administrator.
    expect(await callerFor(world.deps, customer).account.profile.get()).toEqual({
      companyName: 'Ejemplo S.A.',
      rut: '211003420017',
      role: 'admin',
    });
  });

  it('refuses an invalid RUT in the profile with the Spanish message', async () => {
    await expect(
      callerFor(world.deps, customer).account.profile.update({ rut: '211003420018' }),
    ).rejects.toThrow('El RUT no es válido');
  });

  it('computes discounts, IVA and rounding to the cent on the server', async () => {
    const { a, b, orderId } = await setup();
    const { number } = await revise(orderId, [
      line(a, 2, '99.99', '10'),
      line(b, 3, '10.05', '12.5'),
    ]);
    expect(number).toBe(1);
    const [revision] = await world.db
      .select()
      .from(quoteRevisions)
      .where(eq(quoteRevisions.orderId, orderId));
    // 99.99 x 2 = 199.98 less 10 % = 179.982 -> 179.98; 10.05 x 3 = 30.15 less 12.5 % -> 26.38
    const lines = await world.db
      .select({ amount: quoteRevisionLines.amount })
      .from(quoteRevisionLines)
      .where(eq(quoteRevisionLines.revisionId, revision!.id))
      .orderBy(quoteRevisionLines.id);
    expect(lines.map((l) => l.amount)).toEqual(['179.98', '26.38']);
    expect(revision).toMatchObject({ subtotal: '206.36', tax: '45.40', total: '251.76' });
    const [order] = await world.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'Modificado', totalAmount: '206.36' });
  });

  it('reserves more, releases fewer, keeps earlier revisions readable', async () => {
    const { a, b, orderId } = await setup(10);
    expect(await stockOf(world.db, a.id)).toBe(8);
    expect(await stockOf(world.db, b.id)).toBe(7);
    await revise(orderId, [line(a, 5, '100'), line(b, 1, '10.05')]);
    expect(await stockOf(world.db, a.id)).toBe(5);
    expect(await stockOf(world.db, b.id)).toBe(9);
    // Revision 2 drops b entirely: all of its units come back.
    await revise(orderId, [line(a, 4, '95')]);
    expect(await stockOf(world.db, a.id)).toBe(6);
    expect(await stockOf(world.db, b.id)).toBe(10);
    const order = await callerFor(world.deps, customer).account.orders.get({ id: orderId });
    expect(order.revisions.map((r) => r.number)).toEqual([2, 1]);
    expect(order.revisions[1]!.lines).toHaveLength(2);
    // Cancelling returns what the latest revision holds.
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: orderId,
      status: 'Cancelado',
      reason: 'Sin respuesta',
    });
    expect(await stockOf(world.db, a.id)).toBe(10);
  });

  it('reads prices and discounts typed the Uruguayan way', async () => {
    const { a, b, orderId } = await setup();
    await revise(orderId, [line(a, 2, '1.150,50', '12,5'), line(b, 1, '1.200', '0')]);
    const lines = await world.db
      .select({
        unitPrice: quoteRevisionLines.unitPrice,
        discountPercent: quoteRevisionLines.discountPercent,
        amount: quoteRevisionLines.amount,
      })
      .from(quoteRevisionLines)
      .innerJoin(quoteRevisions, eq(quoteRevisions.id, quoteRevisionLines.revisionId))
      .where(eq(quoteRevisions.orderId, orderId))
      .orderBy(quoteRevisionLines.id);
    // 1150.50 x 2 = 2301.00 less 12.5 % = 2013.375 -> 2013.38
    expect(lines).toEqual([
      { unitPrice: '1150.50', discountPercent: '12.50', amount: '2013.38' },
      { unitPrice: '1200.00', discountPercent: '0.00', amount: '1200.00' },
    ]);
  });

  it('answers each mistyped figure of a revision under its field, changing nothing', async () => {
    const { a, b, orderId } = await setup();
    const response = await world.app.inject({
      method: 'POST',
      url: '/trpc/admin.orders.sendRevision',
      headers: { ...JSON_MUTATION, cookie: world.adminCookie },
      payload: {
        json: {
          orderId,
          lines: [line(a, 2, '1,200.50', '120'), line(b, 1, '-3', '1.5.0')],
          validUntil: await dayFromToday(15),
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(trpcErrorOf(response).data.fieldErrors).toEqual({
      'lines.0.unitPrice': ['Escribí el importe como 1.150,50'],
      'lines.0.discountPercent': ['El descuento debe ser un porcentaje entre 0 y 100'],
      'lines.1.unitPrice': ['El importe no puede ser negativo'],
      'lines.1.discountPercent': ['Escribí el descuento como 12,5'],
    });
    expect(await world.db.$count(quoteRevisions, eq(quoteRevisions.orderId, orderId))).toBe(0);
  });

  it('refuses a revision short of stock and changes nothing', async () => {
    const { a, b, orderId } = await setup(5);
    const before = { a: await stockOf(world.db, a.id), b: await stockOf(world.db, b.id) };
    await expect(revise(orderId, [line(a, 1, '100'), line(b, 99, '10.05')])).rejects.toThrow(
      `Stock insuficiente: ${b.productName}`,
    );
    expect({ a: await stockOf(world.db, a.id), b: await stockOf(world.db, b.id) }).toEqual(before);
    expect(await world.db.$count(quoteRevisions, eq(quoteRevisions.orderId, orderId))).toBe(0);
    const [order] = await world.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('Cotización');
  });

  it('lets only the owner and admins read revisions, messages and the PDF', async () => {
    const { a, orderId } = await setup();
    await revise(orderId, [line(a, 2, '100')]);
    await expect(
      callerFor(world.deps, stranger).account.orders.get({ id: orderId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      callerFor(world.deps, stranger).account.orders.sendMessage({ orderId, body: 'Hola' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      callerFor(world.deps, stranger).account.orders.accept({ id: orderId, revision: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      callerFor(world.deps, stranger).account.orders.markRead({ id: orderId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      callerFor(world.deps, customer).admin.orders.sendRevision({
        orderId,
        lines: [line(a, 1, '1')],
        validUntil: await dayFromToday(1),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses an expired revision and accepts a valid one', async () => {
    const { a, orderId } = await setup();
    await revise(orderId, [line(a, 2, '100')], 0);
    // Made to have expired yesterday, as if days had passed.
    await world.db
      .update(quoteRevisions)
      .set({ validUntil: await dayFromToday(-1) })
      .where(eq(quoteRevisions.orderId, orderId));
    const own = callerFor(world.deps, customer);
    await expect(own.account.orders.accept({ id: orderId, revision: 1 })).rejects.toThrow(
      'Esta cotización venció el',
    );
    const expired = await own.account.orders.get({ id: orderId });
    expect(expired.revisions[0]!.isExpired).toBe(true);

    await revise(orderId, [line(a, 2, '90')]);
    // Accepting the older revision the customer saw is refused: a newer one exists.
    await expect(own.account.orders.accept({ id: orderId, revision: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await own.account.orders.accept({ id: orderId, revision: 2 });
    const accepted = await own.account.orders.get({ id: orderId });
    expect(accepted.status).toBe('Concretado');
    expect(accepted.history.at(-1)).toMatchObject({ toStatus: 'Concretado' });
  });

  it('keeps a thread with unread marks for the other side', async () => {
    const { orderId } = await setup();
    const own = callerFor(world.deps, customer);
    const staff = callerFor(world.deps, admin);
    await staff.admin.orders.markRead({ id: orderId });
    const staffUnread = await staff.admin.orders.unread();
    await own.account.orders.sendMessage({ orderId, body: '¿Tienen <b>entrega</b> en Salto?' });
    expect(await staff.admin.orders.unread()).toBe(staffUnread + 1);
    await staff.admin.orders.markRead({ id: orderId });
    expect(await staff.admin.orders.unread()).toBe(staffUnread);
    await staff.admin.orders.sendMessage({ orderId, body: 'Sí, en 72 horas.' });
    expect(await own.account.unreadMessages()).toBe(1);
    const thread = (await own.account.orders.get({ id: orderId })).messages;
    expect(thread.map((m) => [m.authorRole, m.body])).toEqual([
      ['customer', '¿Tienen <b>entrega</b> en Salto?'],
      ['admin', 'Sí, en 72 horas.'],
    ]);
    await own.account.orders.markRead({ id: orderId });
    expect(await own.account.unreadMessages()).toBe(0);
  });

  it('prints the number, RUT, lines and totals in the PDF, accents included', async () => {
    const { a, b, orderId } = await setup();
    await revise(orderId, [line(a, 2, '99.99', '10'), line(b, 3, '10.05', '12.5')]);
    const quote = await loadQuoteDocument(world.deps, orderId, 1);
    const pdf = await renderQuotePdf(quote!);
    const text = pdfText(pdf);
    expect(text).toContain(`Cotización N° ${orderId}-1`);
    expect(text).toContain('RUT: 211003420017');
    expect(text).toContain('Razón social: Ejemplo S.A.');
    expect(text).toContain(a.productName);
    expect(text).toContain('Subtotal: US$ 206,36');
    expect(text).toContain('IVA 22 %: US$ 45,40');
    expect(text).toContain('Total: US$ 251,76');
    expect(text).toContain('Precios en dólares estadounidenses');
    expect(text).toContain('Entrega en 48 horas');
  });
});

describe('the PDF route', () => {
  const cookieOf = async (user: SessionUser) => {
    const token = generateSessionToken();
    await createSession(world.db, token, user.user.id, world.deps.clock.now());
    return `session=${token}`;
  };

  it("serves the PDF to the order's customer and admins, 404 to anyone else", async () => {
    const { a, orderId } = await setup();
    await revise(orderId, [line(a, 1, '100')]);
    const get = async (user: SessionUser | null, file = '1.pdf') =>
      world.app.inject({
        url: `/api/orders/${orderId}/revisions/${file}`,
        headers: user ? { cookie: await cookieOf(user) } : {},
      });
    const own = await get(customer);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(pdfText(own.rawPayload)).toContain(`Cotización N° ${orderId}-1`);
    expect((await get(admin)).statusCode).toBe(200);
    expect((await get(stranger)).statusCode).toBe(404);
    expect((await get(customer, '2.pdf')).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(401);
  });
});

/** The PDF's text as poppler's pdftotext extracts it. */
function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tienda-pdf-'));
  const file = path.join(dir, 'cotizacion.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
