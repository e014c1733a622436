// 'Comprobantes' (docs/decisions/096-the-comprobantes-list.md): documents issued through the
// simulated provider, listed newest first for staff only, filtered by kind, DGI state, days of
// Montevideo and text, paged in SQL; the pending count of the dashboard home. PGlite and
// PostgreSQL.
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { cfeDocuments } from '@server/db/schema';
import { formatDay, storeDay } from '@shared/format';
import { callerFor, createTestCookie, createTestUser } from '../support/context';
import { acceptedOrder, documentsOf, runCfe, setUpIssuer, simulator } from '../support/cfe';
import { freshRut } from '../support/rut';
import { useTestApp } from '../support/test-app';
import { DUE_AT_ONCE } from '@server/services/invoicing/cfe-queue';

const world = useTestApp({ http: true });
let admin: SessionUser;
let consumer: SessionUser;

const ACME = { companyName: 'Acme SA', rut: '214844360018' };
// A buyer whose name a spreadsheet would run as a formula (company names refuse '=').
const FORMULA = '=HYPERLINK("http://evil.example")';
const PENDING_CO = { companyName: 'Pendiente Hnos', rut: freshRut() };
const REJECTION = 'E05 No cumple validaciones de Formato comprobantes';

type Doc = Awaited<ReturnType<typeof documentsOf>>[number];
const docs = {} as { acme: Doc; ticket: Doc; rejected: Doc; queued: Doc };
const orderIds = {} as Record<keyof typeof docs, number>;

/** Runs the worker until DGI answered every document sent (their polls made due). */
async function issueAll() {
  for (let pass = 0; pass < 3; pass++) {
    await runCfe(world.deps);
    await world.db
      .update(cfeDocuments)
      .set({ nextAttemptAt: DUE_AT_ONCE })
      .where(eq(cfeDocuments.state, 'pending_dgi'));
  }
}

const staff = () => callerFor(world.deps, admin).admin.invoices;
const idsOf = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Admin' });
  consumer = await createTestUser(world.deps, { fullName: 'Ana Peña' });
  const acmeBuyer = await createTestUser(world.deps, { fullName: 'Compras Acme' });
  const formulaBuyer = await createTestUser(world.deps, { fullName: FORMULA });
  const pendingBuyer = await createTestUser(world.deps, { fullName: 'Compras Pendiente' });
  await setUpIssuer(world.deps, admin);
  const line = { price: '100.00', quantity: 2 };

  // Queued first and left unsent: the oldest document, queued late on 31 December in
  // Montevideo (02:00 of 1 January in UTC).
  orderIds.queued = await acceptedOrder(
    world.deps,
    { buyer: pendingBuyer, admin },
    { company: PENDING_CO, lines: [line], exchangeRate: '40' },
  );
  await world.db
    .update(cfeDocuments)
    .set({ createdAt: new Date('2026-01-01T02:00:00Z'), nextAttemptAt: null })
    .where(eq(cfeDocuments.orderId, orderIds.queued));

  orderIds.acme = await acceptedOrder(
    world.deps,
    { buyer: acmeBuyer, admin },
    {
      company: ACME,
      lines: [line, { price: '30.05', quantity: 1, ivaRate: 'minima' }],
      exchangeRate: '40,1235',
    },
  );
  await issueAll();
  orderIds.ticket = await acceptedOrder(
    world.deps,
    { buyer: consumer, admin },
    { lines: [line], exchangeRate: '40' },
  );
  await issueAll();
  simulator(world.deps).behaviour.rejectNext = REJECTION;
  orderIds.rejected = await acceptedOrder(
    world.deps,
    { buyer: formulaBuyer, admin },
    { lines: [line], exchangeRate: '40' },
  );
  await issueAll();
  for (const key of Object.keys(orderIds) as (keyof typeof docs)[]) {
    const [doc] = await documentsOf(world.deps, orderIds[key]);
    docs[key] = doc!;
  }
});

describe('Comprobantes', () => {
  it('has the documents it is about: issued, accepted, rejected and one still queued', () => {
    expect(docs.acme).toMatchObject({ kind: 111, state: 'accepted' });
    expect(docs.ticket).toMatchObject({ kind: 101, state: 'accepted' });
    expect(docs.rejected).toMatchObject({ kind: 101, state: 'rejected', dgiReason: REJECTION });
    expect(docs.queued).toMatchObject({ kind: 111, state: 'queued', serie: null });
  });

  it('lists every document newest first, each as staff read it', async () => {
    const page = await staff().list({});
    expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1, pageSize: 25 });
    expect(idsOf(page)).toEqual([docs.rejected.id, docs.ticket.id, docs.acme.id, docs.queued.id]);
    const [rejected, ticket, acme, queued] = page.items;
    expect(acme).toMatchObject({
      orderId: orderIds.acme,
      kind: 111,
      state: 'accepted',
      numberText: `A-${docs.acme.number}`,
      day: docs.acme.issuedOn,
      receiverName: 'Acme SA',
      receiverDocument: '214844360018',
      receiverDocType: 2,
      currency: 'USD',
      exchangeRate: '40.124',
      net: '230.05',
      iva: '47.01',
      total: '277.06',
      caeId: docs.acme.caeId,
      hasXml: true,
    });
    expect(ticket).toMatchObject({
      kind: 101,
      receiverName: 'Ana Peña',
      receiverDocument: null,
      total: '244.00',
    });
    expect(rejected).toMatchObject({
      state: 'rejected',
      dgiReason: REJECTION,
      receiverName: FORMULA,
    });
    // Not drafted yet: no number, no amounts, the order's company; its day is Montevideo's.
    expect(queued).toMatchObject({
      state: 'queued',
      numberText: '',
      total: null,
      net: null,
      receiverName: 'Pendiente Hnos',
      receiverDocument: PENDING_CO.rut,
      day: '2025-12-31',
      hasXml: false,
    });
  });

  it('filters by kind, DGI state, days of Montevideo and text', async () => {
    const ids = async (input: Parameters<ReturnType<typeof staff>['list']>[0]) =>
      idsOf(await staff().list(input));
    expect(await ids({ kind: 101 })).toEqual([docs.rejected.id, docs.ticket.id]);
    expect(await ids({ kind: 112 })).toEqual([]);
    expect(await ids({ state: 'pendiente' })).toEqual([docs.queued.id]);
    expect(await ids({ state: 'rechazado' })).toEqual([docs.rejected.id]);
    expect(await ids({ state: 'aceptado' })).toEqual([docs.ticket.id, docs.acme.id]);
    expect(await ids({ kind: 111, state: 'aceptado' })).toEqual([docs.acme.id]);
    expect(await ids({ kind: 101, state: 'rechazado' })).toEqual([docs.rejected.id]);

    expect(await ids({ from: '2025-12-31', to: '2025-12-31' })).toEqual([docs.queued.id]);
    expect(await ids({ to: '2025-12-30' })).toEqual([]);
    expect(await ids({ from: '2026-01-01' })).not.toContain(docs.queued.id);
    expect(await ids({ from: docs.acme.issuedOn!, to: docs.acme.issuedOn! })).toContain(
      docs.acme.id,
    );

    expect(await ids({ search: 'acme' })).toEqual([docs.acme.id]);
    expect(await ids({ search: 'pena' })).toEqual([docs.ticket.id]);
    expect(await ids({ search: '214844' })).toEqual([docs.acme.id]);
    expect(await ids({ search: `#${orderIds.ticket}` })).toEqual([docs.ticket.id]);
    // Each kind is numbered on its own: 'A-1' is an e-Factura and an e-Ticket.
    expect(await ids({ search: `a-${docs.acme.number}`, kind: 111 })).toEqual([docs.acme.id]);
    expect(await ids({ search: `A ${docs.ticket.number}`, kind: 101 })).toEqual([docs.ticket.id]);
    expect(await ids({ search: '100%' })).toEqual([]);
  });

  it('refuses a reversed range and an unknown kind in Spanish', async () => {
    await expect(staff().list({ from: '2026-02-01', to: '2026-01-01' })).rejects.toThrow(
      'La fecha Hasta no puede ser anterior a la fecha Desde',
    );
    await expect(staff().list({ kind: 999 })).rejects.toThrow('Elegí un tipo de comprobante');
  });

  it('is for staff only', async () => {
    await expect(callerFor(world.deps, consumer).admin.invoices.list({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(callerFor(world.deps).admin.invoices.list({})).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(callerFor(world.deps, consumer).admin.invoices.pending()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('the CSV for the accountant', () => {
  const download = (query = '', cookie: string | null = world.adminCookie) =>
    world.app.inject({
      url: `/api/admin/comprobantes.csv${query}`,
      headers: cookie ? { cookie } : {},
    });
  const rowsOf = (body: string) =>
    parse<Record<string, string>>(body, { bom: true, delimiter: ';', columns: true });

  it('has every document the filters select, Spanish headers, dot decimals and days of Montevideo', async () => {
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="comprobantes-${storeDay(world.deps.clock.now())}.csv"`,
    );
    // UTF-8 with its BOM, so Excel reads 'Número' and 'Peña' right.
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.slice(1).split('\r\n')[0]).toBe(
      'Fecha;Tipo;Serie;Número;Orden;Receptor;RUT/CI;Moneda;Tipo de cambio;Neto;IVA;Total;Estado DGI;Motivo;CAE',
    );
    const rows = rowsOf(response.body);
    expect(rows).toHaveLength(4);
    expect(rows[2]).toEqual({
      Fecha: formatDay(docs.acme.issuedOn!),
      Tipo: 'e-Factura',
      Serie: 'A',
      Número: String(docs.acme.number),
      Orden: String(orderIds.acme),
      Receptor: 'Acme SA',
      'RUT/CI': '214844360018',
      Moneda: 'USD',
      'Tipo de cambio': '40.124',
      Neto: '230.05',
      IVA: '47.01',
      Total: '277.06',
      'Estado DGI': 'Aceptado',
      Motivo: '',
      CAE: docs.acme.caeId,
    });
    expect(rows[3]).toMatchObject({ Fecha: '31/12/2025', Serie: '', Número: '', Total: '' });
    // A name a spreadsheet would run is written as text.
    expect(rows[0]).toMatchObject({
      Tipo: 'e-Ticket',
      Receptor: `'${FORMULA}`,
      'Estado DGI': 'Rechazado',
      Motivo: REJECTION,
    });
  });

  it('exports all that the filters select, not one page, and refuses a bad filter', async () => {
    expect(rowsOf((await download('?tipo=101&estado=aceptado')).body)).toEqual([
      expect.objectContaining({ Receptor: 'Ana Peña', Total: '244.00' }),
    ]);
    expect(rowsOf((await download('?q=acme&desde=2025-12-31')).body)).toHaveLength(1);
    expect(rowsOf((await download('?desde=2025-12-31&hasta=2025-12-31')).body)).toEqual([
      expect.objectContaining({ Receptor: 'Pendiente Hnos' }),
    ]);
    expect((await download('?tipo=999')).statusCode).toBe(400);
    expect((await download('?desde=2026-02-01&hasta=2026-01-01')).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    const customer = await createTestCookie(world.deps);
    expect((await download('', customer)).statusCode).toBe(403);
    expect((await download('', null)).statusCode).toBe(401);
  });
});

describe('pages and the pending count', () => {
  it('pages 25, 50 or 100 at a time, counted in SQL', async () => {
    // 26 e-Remitos never sent, older than every other document.
    await world.db.insert(cfeDocuments).values(
      Array.from({ length: 26 }, (_, i) => ({
        orderId: orderIds.acme,
        kind: 181,
        state: 'cancelled',
        createdAt: new Date(Date.UTC(2025, 5, 1, 12, i)),
      })),
    );
    const first = await staff().list({});
    expect(first).toMatchObject({ total: 30, pageCount: 2 });
    expect(first.items).toHaveLength(25);
    // The CSV has them all, not the first page.
    const csv = await world.app.inject({
      url: '/api/admin/comprobantes.csv',
      headers: { cookie: world.adminCookie },
    });
    expect(parse(csv.body, { bom: true, delimiter: ';', columns: true })).toHaveLength(30);
    const second = await staff().list({ page: 2 });
    expect(second.items).toHaveLength(5);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(30);
    expect((await staff().list({ pageSize: 50 })).items).toHaveLength(30);
    expect(await staff().list({ state: 'no-emitido', page: 2 })).toMatchObject({
      total: 26,
      pageCount: 2,
    });
    await expect(staff().list({ pageSize: 30 as 25 })).rejects.toThrow();
  });

  it('counts the documents not issued yet: queued, retried or stopped for data', async () => {
    expect(await staff().pending()).toBe(1);
    await world.db
      .update(cfeDocuments)
      .set({ state: 'needs_data', lastError: 'Falta el tipo de cambio del día' })
      .where(eq(cfeDocuments.id, docs.queued.id));
    expect(await staff().pending()).toBe(1);
    expect(idsOf(await staff().list({ state: 'pendiente' }))).toEqual([docs.queued.id]);
    await world.db
      .update(cfeDocuments)
      .set({ state: 'queued', nextAttemptAt: DUE_AT_ONCE })
      .where(and(eq(cfeDocuments.id, docs.queued.id), eq(cfeDocuments.state, 'needs_data')));
    await issueAll();
    expect(await staff().pending()).toBe(0);
  });
});
