// Dispatches and deliveries of an accepted order (docs/decisions/082-dispatches-and-delivery-notes.md):
// partial dispatches that add up to the order and never past it, back-ordered lines taking
// their stock when they leave, the remainder cancelled with its stock back, deliveries making
// it 'Entregado', the Nota de entrega read back with pdftotext and mailed through a real SMTP
// server. Runs on PGlite and, with DATABASE_URL, on PostgreSQL (where the race is real).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '@server/app-deps';
import { createSession, generateSessionToken, type SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { storeDay } from '@shared/format';
import type { DispatchFormValues } from '@shared/schemas/fulfilment';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { requestQuote, stockOf } from '../support/quotes';
import { freshRut } from '../support/rut';
import { listenSmtp, readMail, type ReadMail } from '../support/smtp-mail';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp({ http: true });
let smtp: Awaited<ReturnType<typeof listenSmtp>>;
const mails: ReadMail[] = [];
/** The deps whose outbox mails through the SMTP server; every call of this file uses them. */
let deps: AppDeps;
let buyer: SessionUser;
let stranger: SessionUser;
let staff: SessionUser;
let siteId: number;

beforeAll(async () => {
  smtp = await listenSmtp((raw) => {
    mails.push(readMail(raw));
  });
  deps = createTestDeps(world.db, {
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://tienda.example' },
  });
  buyer = await createTestUser(deps, { fullName: 'Ana Compras' });
  stranger = await createTestUser(deps, { fullName: 'Otro Cliente' });
  staff = await createTestUser(deps, { role: 'admin', fullName: 'Laura Depósito' });
  await callerFor(deps, buyer).account.profile.update({
    companyName: 'Agro Litoral S.A.',
    rut: freshRut(),
  });
  await callerFor(deps, buyer).account.sites.saveFiscalAddress({
    street: '18 de Julio 1050',
    locality: 'Paysandú',
    departamento: 'UY-PA',
    postalCode: '60000',
  });
  ({ id: siteId } = await callerFor(deps, buyer).account.sites.create({
    name: 'Depósito Paysandú',
    street: 'Av. España 1234',
    locality: 'Paysandú',
    departamento: 'UY-PA',
    postalCode: '60000',
    phone: '099 123 456',
    contactName: 'Marta Suárez',
    hours: 'Lunes a viernes de 9 a 17',
  }));
  await callerFor(deps, staff).admin.store.update({
    legalName: 'Tienda Informática S.R.L.',
    rut: '21-100342-001-7',
    address: 'Av. 18 de Julio 1234, Montevideo',
    phone: '2900 0000',
    email: 'ventas@tienda.com.uy',
    paymentTerms: '',
    deliveryTerms: '',
    warranty: '',
    validityDays: 15,
  });
});
afterAll(() => smtp.close());

const today = () => storeDay(deps.clock.now());

async function refusalOf(call: Promise<unknown>) {
  const error = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as {
    code?: string;
    message?: string;
    cause?: { issues?: { message: string; path: string[] }[] };
  };
  expect(error, 'the call was refused').toBeDefined();
  const issue = error.cause?.issues?.[0];
  return { code: error.code, message: issue?.message ?? error.message, path: issue?.path[0] };
}

/** A quote of `lines` for the buyer, answered by staff and accepted: Concretado. */
async function acceptedOrder(
  lines: { variant: TestVariant; quantity: number; backorder?: boolean }[],
) {
  const order = await requestQuote(
    deps,
    buyer,
    lines.map(({ variant, quantity, backorder }) => ({
      variantId: variant.id,
      quantity,
      ...(backorder ? { backorder } : {}),
    })),
    { delivery: { method: 'agency', agency: 'DAC', freightCollect: true, siteId } },
  );
  const [day] = await queryRows<{ day: string }>(
    world.db,
    sql`select ((now() at time zone 'America/Montevideo')::date + 10)::text as day`,
  );
  const { number } = await callerFor(deps, staff).admin.orders.sendRevision({
    orderId: order.id,
    lines: lines.map(({ variant, quantity, backorder }) => ({
      variantId: variant.id,
      quantity,
      unitPrice: variant.price.replace('.', ','),
      discountPercent: '0',
      isBackorder: backorder,
    })),
    validUntil: day!.day,
  });
  await callerFor(deps, buyer).account.orders.accept({ id: order.id, revision: number });
  return order.id;
}

const fulfilmentOf = async (orderId: number) =>
  (await callerFor(deps, staff).admin.orders.get({ id: orderId })).fulfilment!;

/** Staff dispatch `quantities` (by line, in the order's line order) by DAC with a guide. */
async function dispatch(
  orderId: number,
  quantities: number[],
  extra: Partial<DispatchFormValues> = {},
) {
  const { lines } = await fulfilmentOf(orderId);
  return callerFor(deps, staff).admin.dispatches.create({
    orderId,
    lines: lines.map((line, i) => ({ lineKey: line.lineKey, quantity: quantities[i] ?? 0 })),
    method: 'agency',
    agency: 'DAC',
    freightCollect: true,
    trackingNumber: 'DAC-778899',
    dispatchedOn: today(),
    ...extra,
  });
}

const progress = async (orderId: number) =>
  (await fulfilmentOf(orderId)).lines.map((line) => [
    line.dispatched,
    line.cancelled,
    line.quantity,
  ]);

describe('dispatching an accepted order', () => {
  let notebook: TestVariant;
  let dock: TestVariant;
  let orderId: number;

  beforeAll(async () => {
    [notebook] = (await createTestProduct(
      world.db,
      [{ stock: 10, price: '900.00' }],
      'Notebook Pro 14',
    )) as [TestVariant];
    // Nothing in stock: asked with 'Consultar disponibilidad', it holds none.
    [dock] = (await createTestProduct(world.db, [{ stock: 0, price: '120.00' }], 'Dock USB-C')) as [
      TestVariant,
    ];
    orderId = await acceptedOrder([
      { variant: notebook, quantity: 5 },
      { variant: dock, quantity: 2, backorder: true },
    ]);
  });

  it('starts at Por despachar when the quote is accepted, the stock already held', async () => {
    const fulfilment = await fulfilmentOf(orderId);
    expect(fulfilment.status).toBe('Por despachar');
    expect(await progress(orderId)).toEqual([
      [0, 0, 5],
      [0, 0, 2],
    ]);
    expect(await stockOf(world.db, notebook.id)).toBe(5);
  });

  it('sends 3 of 5 with a guide number: Despachado parcialmente, a numbered note', async () => {
    const first = await dispatch(orderId, [3, 0]);
    expect(first).toMatchObject({
      fulfilmentStatus: 'Despachado parcialmente',
      isStockMoved: false,
    });
    expect(await progress(orderId)).toEqual([
      [3, 0, 5],
      [0, 0, 2],
    ]);
    // Reserved units already left the shop's stock when the quote was requested.
    expect(await stockOf(world.db, notebook.id)).toBe(5);
    const buyerView = await callerFor(deps, buyer).account.orders.get({ id: orderId });
    expect(buyerView.fulfilment?.status).toBe('Despachado parcialmente');
    expect(buyerView.fulfilment?.dispatches).toEqual([
      expect.objectContaining({
        noteNumber: first.noteNumber,
        trackingNumber: 'DAC-778899',
        agency: 'DAC',
        siteName: 'Depósito Paysandú',
        createdByName: null,
        lines: [expect.objectContaining({ productName: 'Notebook Pro 14', quantity: 3 })],
      }),
    ]);
  });

  it('refuses more than is left, saying how many', async () => {
    const refused = await refusalOf(dispatch(orderId, [3, 0]));
    expect(refused).toMatchObject({ message: 'Quedan 2 por despachar', path: 'lines.0.quantity' });
  });

  it('refuses a back-ordered line without stock, writing nothing', async () => {
    const refused = await refusalOf(dispatch(orderId, [2, 2]));
    expect(refused).toMatchObject({
      message: 'No hay stock suficiente para despachar Dock USB-C: quedan 0.',
      path: 'lines.1.quantity',
    });
    expect(await progress(orderId)).toEqual([
      [3, 0, 5],
      [0, 0, 2],
    ]);
  });

  it('takes the back-ordered line’s stock when it leaves; the dispatches add up to the order', async () => {
    await world.db.execute(sql`update variants set stock = 5 where id = ${dock.id}`);
    const second = await dispatch(orderId, [2, 2], { trackingNumber: 'DAC-778900' });
    expect(second).toMatchObject({ fulfilmentStatus: 'Despachado', isStockMoved: true });
    expect(await stockOf(world.db, dock.id)).toBe(3);
    expect(await progress(orderId)).toEqual([
      [5, 0, 5],
      [2, 0, 2],
    ]);
    const { dispatches } = await fulfilmentOf(orderId);
    expect(dispatches.map((d) => d.noteNumber)).toEqual([
      dispatches[0]!.noteNumber,
      expect.any(Number),
    ]);
    expect(dispatches[1]!.noteNumber).toBeGreaterThan(dispatches[0]!.noteNumber);
    const refused = await refusalOf(dispatch(orderId, [1, 0]));
    expect(refused.message).toBe('No queda nada por despachar de esta línea');
  });

  it('becomes Entregado once every dispatch was received, by staff or the buyer', async () => {
    const [first, second] = (await fulfilmentOf(orderId)).dispatches;
    const tomorrow = storeDay(new Date(deps.clock.now().getTime() + 36 * 3600_000));
    const future = await refusalOf(
      callerFor(deps, staff).admin.dispatches.deliver({
        dispatchId: first!.id,
        receivedBy: 'Marta Suárez',
        deliveredOn: tomorrow,
      }),
    );
    expect(future).toMatchObject({ message: 'La fecha de entrega no puede ser posterior a hoy' });
    await callerFor(deps, staff).admin.dispatches.deliver({
      dispatchId: first!.id,
      receivedBy: 'Marta Suárez',
      deliveredOn: today(),
    });
    expect((await fulfilmentOf(orderId)).status).toBe('Despachado');
    // A stranger does not see the dispatch; the buyer confirms it.
    const hidden = await refusalOf(
      callerFor(deps, stranger).account.dispatches.confirmReceipt({ dispatchId: second!.id }),
    );
    expect(hidden.code).toBe('NOT_FOUND');
    const confirmed = await callerFor(deps, buyer).account.dispatches.confirmReceipt({
      dispatchId: second!.id,
    });
    expect(confirmed.fulfilmentStatus).toBe('Entregado');
    const again = await refusalOf(
      callerFor(deps, buyer).account.dispatches.confirmReceipt({ dispatchId: second!.id }),
    );
    expect(again).toMatchObject({
      code: 'CONFLICT',
      message: 'Ese despacho ya figura como entregado.',
    });
    const fulfilment = await fulfilmentOf(orderId);
    expect(fulfilment.status).toBe('Entregado');
    expect(fulfilment.deliveredAt).toBeInstanceOf(Date);
    expect(fulfilment.dispatches[1]).toMatchObject({
      receivedBy: 'Ana Compras',
      deliveryActor: 'customer',
      deliveredOn: today(),
    });
  });

  it('keeps the order Concretado once goods left, with a sentence', async () => {
    const refused = await refusalOf(
      callerFor(deps, staff).admin.orders.setStatus({
        id: orderId,
        status: 'Cancelado',
        reason: 'Error',
      }),
    );
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message:
        'Este pedido ya tiene despachos: sigue Concretado. Lo que no salió se puede cancelar desde «Despacho».',
    });
  });

  it('records every dispatch and delivery in the activity log', async () => {
    const entries = await queryRows<{ action: string; user_email: string }>(
      world.db,
      sql`select action, user_email from audit_log
          where entity_type = 'order' and entity_id = ${String(orderId)}
            and action in ('dispatch', 'deliver') order by id`,
    );
    expect(entries.map((entry) => entry.action)).toEqual([
      'dispatch',
      'dispatch',
      'deliver',
      'deliver',
    ]);
    expect(entries[3]!.user_email).toBe(buyer.user.email);
  });

  it('prints a Nota de entrega with both parties, the site, the guide and a received-by box', async () => {
    const [first] = (await fulfilmentOf(orderId)).dispatches;
    const url = `/api/orders/${orderId}/notas-de-entrega/${first!.noteNumber}.pdf`;
    const buyerCookie = await sessionCookieOf(buyer);
    const response = await world.app.inject({ url, headers: { cookie: buyerCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    const number = String(first!.noteNumber).padStart(6, '0');
    for (const expected of [
      `Nota de entrega N° ${number}`,
      'Tienda Informática S.R.L.',
      'RUT: 211003420017',
      'Razón social: Agro Litoral S.A.',
      'Domicilio fiscal: 18 de Julio 1050, Paysandú, Paysandú (60000)',
      'Agencia al interior · DAC · Flete a cargo del cliente',
      'Número de guía: DAC-778899',
      'Depósito Paysandú',
      'Av. España 1234, Paysandú, Paysandú (60000)',
      'Marta Suárez · Tel. 099 123 456',
      'Notebook Pro 14',
      'Recibí conforme',
      'no es un comprobante fiscal',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/RUT: \d{12}/);
    // Another customer's session reads nothing, exactly as for a note that does not exist.
    const other = await world.app.inject({
      url,
      headers: { cookie: await sessionCookieOf(stranger) },
    });
    expect(other.statusCode).toBe(404);
    const admin = await world.app.inject({ url, headers: { cookie: world.adminCookie } });
    expect(admin.statusCode).toBe(200);
  });

  it('mails the buyer each dispatch with the guide number and its note attached', async () => {
    while ((await deps.outbox.deliverDue()) > 0);
    const dispatched = mails.filter((mail) =>
      mail.subject.startsWith(`Despachamos tu pedido N° ${orderId}`),
    );
    expect(dispatched).toHaveLength(2);
    expect(dispatched[0]!.to).toContain(buyer.user.email);
    expect(dispatched[0]!.text).toContain('Número de guía: DAC-778899');
    expect(dispatched[0]!.text).toContain('Quedan 4 unidades por despachar');
    expect(dispatched[1]!.text).toContain('Número de guía: DAC-778900');
    const [first] = (await fulfilmentOf(orderId)).dispatches;
    expect(dispatched[0]!.attachments).toEqual([
      `nota-de-entrega-${String(first!.noteNumber).padStart(6, '0')}.pdf`,
    ]);
  });
});

describe('the undispatched remainder', () => {
  it('is cancelled with a reason, its stock back; what left stays', async () => {
    const [router] = await createTestProduct(
      world.db,
      [{ stock: 10, price: '80.00' }],
      'Router Wi-Fi',
    );
    const orderId = await acceptedOrder([{ variant: router!, quantity: 4 }]);
    expect(await stockOf(world.db, router!.id)).toBe(6);
    const early = await refusalOf(
      callerFor(deps, staff).admin.dispatches.cancelRemainder({ orderId, reason: 'Sin stock' }),
    );
    expect(early.message).toBe(
      'Todavía no salió nada de este pedido: para cancelarlo entero cambiá su estado a Cancelado.',
    );
    await dispatch(orderId, [1], { method: 'pickup', trackingNumber: undefined });
    const blank = await refusalOf(
      callerFor(deps, staff).admin.dispatches.cancelRemainder({ orderId, reason: ' ' }),
    );
    expect(blank.message).toBe('Escribí el motivo');
    const cancelled = await callerFor(deps, staff).admin.dispatches.cancelRemainder({
      orderId,
      reason: 'El cliente ya no los necesita',
    });
    expect(cancelled).toMatchObject({ fulfilmentStatus: 'Despachado', isStockMoved: true });
    expect(await stockOf(world.db, router!.id)).toBe(9);
    expect(await progress(orderId)).toEqual([[1, 3, 4]]);
    const after = await refusalOf(dispatch(orderId, [1]));
    expect(after.message).toBe('No queda nada por despachar de esta línea');
    const buyerView = await callerFor(deps, buyer).account.orders.get({ id: orderId });
    expect(buyerView.fulfilment?.cancellations).toEqual([
      expect.objectContaining({
        reason: 'El cliente ya no los necesita',
        units: 3,
        cancelledByName: null,
      }),
    ]);
  });
});

describe('orders whose goods cannot move', () => {
  it('refuses a dispatch of an unaccepted, cancelled or expired order with a sentence', async () => {
    const [mouse] = await createTestProduct(world.db, [{ stock: 10, price: '20.00' }], 'Mouse');
    const order = await requestQuote(deps, buyer, [{ variantId: mouse!.id, quantity: 2 }]);
    const attempt = () =>
      callerFor(deps, staff).admin.dispatches.create({
        orderId: order.id,
        lines: [{ lineKey: 'i1', quantity: 1 }],
        method: 'pickup',
        dispatchedOn: today(),
      });
    expect(await refusalOf(attempt())).toMatchObject({
      code: 'CONFLICT',
      message: 'Solo se despachan pedidos concretados; este está en «Cotización».',
    });
    await callerFor(deps, staff).admin.orders.setStatus({
      id: order.id,
      status: 'Cancelado',
      reason: 'Pedido duplicado',
    });
    expect((await refusalOf(attempt())).message).toBe(
      'Este pedido está cancelado: no se puede despachar.',
    );
    await callerFor(deps, staff).admin.orders.setStatus({
      id: order.id,
      status: 'Vencida',
      reason: 'x',
    });
    expect((await refusalOf(attempt())).message).toBe(
      'Esta cotización venció sin aceptarse: no se puede despachar.',
    );
  });

  it('clears the fulfilment when staff move an order out of Concretado before anything left', async () => {
    const [cable] = await createTestProduct(world.db, [{ stock: 10, price: '5.00' }], 'Cable');
    const orderId = await acceptedOrder([{ variant: cable!, quantity: 3 }]);
    await callerFor(deps, staff).admin.orders.setStatus({ id: orderId, status: 'Modificado' });
    const detail = await callerFor(deps, staff).admin.orders.get({ id: orderId });
    expect(detail.fulfilment).toBeNull();
  });
});

describe('two staff dispatching one line at once', () => {
  it('never sends more than was ordered: the others read how many are left', async () => {
    const [monitor] = await createTestProduct(
      world.db,
      [{ stock: 40, price: '300.00' }],
      'Monitor 27',
    );
    const orderId = await acceptedOrder([{ variant: monitor!, quantity: 20 }]);
    const { lines } = await fulfilmentOf(orderId);
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        callerFor(deps, staff).admin.dispatches.create({
          orderId,
          lines: [{ lineKey: lines[0]!.lineKey, quantity: 3 }],
          method: 'courier',
          dispatchedOn: today(),
        }),
      ),
    );
    const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const lost = attempts.flatMap((attempt) =>
      attempt.status === 'rejected'
        ? [
            (attempt.reason as { cause?: { issues?: { message: string }[] } }).cause?.issues?.[0]
              ?.message,
          ]
        : [],
    );
    expect(won).toHaveLength(6);
    expect(new Set(lost)).toEqual(new Set(['Quedan 2 por despachar']));
    expect(await progress(orderId)).toEqual([[18, 0, 20]]);
    const [sum] = await queryRows<{ units: number; notes: number }>(
      world.db,
      sql`select sum(l.quantity)::int as units, count(distinct d.note_number)::int as notes
          from dispatch_lines l join dispatches d on d.id = l.dispatch_id where d.order_id = ${orderId}`,
    );
    expect(sum).toEqual({ units: 18, notes: 6 });
  });
});

describe('the dashboard’s Por despachar', () => {
  it('counts the orders with goods to send and what those goods are worth', async () => {
    const before = await callerFor(deps, staff).admin.dispatches.pending();
    const [chair] = await createTestProduct(world.db, [{ stock: 10, price: '150.00' }], 'Silla');
    const orderId = await acceptedOrder([{ variant: chair!, quantity: 4 }]);
    await dispatch(orderId, [1], { method: 'pickup', trackingNumber: undefined });
    const after = await callerFor(deps, staff).admin.dispatches.pending();
    expect(after.orders).toBe(before.orders + 1);
    expect(Number(after.amount) - Number(before.amount)).toBeCloseTo(450, 2);
  });
});

const pdfText = (pdf: Buffer) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'nota-'));
  writeFileSync(path.join(folder, 'n.pdf'), pdf);
  return execFileSync('pdftotext', [path.join(folder, 'n.pdf'), '-'], { encoding: 'utf8' });
};

/** A cookie of a new session of `user`, as the browser sends it to the PDF route. */
async function sessionCookieOf(user: SessionUser) {
  const token = generateSessionToken();
  await createSession(world.db, token, user.user.id, deps.clock.now());
  return `session=${token}`;
}
