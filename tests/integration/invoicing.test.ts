// Fiscal documents end to end against the simulated provider, on PGlite and PostgreSQL: the
// e-Factura of an accepted quote (its OC, rate and totals equal to the quote's to the cent),
// the e-Ticket, the credit note of a cancelled order, what the store refuses before sending.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { cfeDocuments, exchangeRates, outbox, quoteRevisions } from '@server/db/schema';
import { storeDay } from '@shared/format';
import type { SaleDraft } from '@server/services/invoicing/cfe-types';
import { callerFor, createTestUser } from '../support/context';
import { acceptedOrder, documentsOf, runCfe, setUpIssuer, simulator } from '../support/cfe';
import { schemaErrors, signatureProblems } from '../support/cfe-xml';
import { useTestApp } from '../support/test-app';
import { DUE_AT_ONCE } from '@server/services/invoicing/cfe-queue';

const world = useTestApp();
let company: SessionUser;
let consumer: SessionUser;
let admin: SessionUser;
const ACME = { companyName: 'Acme SA', rut: '214844360018' };

beforeAll(async () => {
  company = await createTestUser(world.deps, { fullName: 'Compras Acme' });
  consumer = await createTestUser(world.deps, { fullName: 'Ana Peña' });
  admin = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Admin' });
  await setUpIssuer(world.deps, admin);
});

describe('the e-Factura of an accepted quote', () => {
  it('is queued with the acceptance, then issued, accepted by DGI and mailed', async () => {
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: company, admin },
      {
        company: ACME,
        lines: [
          { price: '800.00', quantity: 1 },
          { price: '12.50', quantity: 3, discount: '10' },
          { price: '30.05', quantity: 2, ivaRate: 'minima' },
        ],
        exchangeRate: '40,1235',
        purchaseOrder: 'OC-2026-0042',
      },
    );
    // Accepting never waited for the provider: the document is only queued.
    const [queued] = await documentsOf(world.deps, orderId);
    expect(queued).toMatchObject({ kind: 111, state: 'queued', serie: null, attempts: 0 });

    expect(await runCfe(world.deps)).toBe(1);
    const [sent] = await documentsOf(world.deps, orderId);
    expect(sent).toMatchObject({ state: 'pending_dgi', serie: 'A', provider: 'simulado' });
    expect(sent!.number).toBeGreaterThan(0);
    expect(sent!.securityCode).toHaveLength(6);
    expect(sent!.qrUrl).toMatch(
      /^https:\/\/www\.efactura\.dgi\.gub\.uy\/consultaQRPrueba\/cfe\?219999830019,111,A,\d+,/,
    );

    // DGI's answer comes on the worker's next look, once its poll is due.
    await world.db
      .update(cfeDocuments)
      .set({ nextAttemptAt: DUE_AT_ONCE })
      .where(eq(cfeDocuments.id, sent!.id));
    await runCfe(world.deps);
    const [accepted] = await documentsOf(world.deps, orderId);
    expect(accepted).toMatchObject({ state: 'accepted', nextAttemptAt: null });

    const xml = accepted!.signedXml!;
    expect(schemaErrors(xml)).toBe('');
    expect(signatureProblems(xml)).toBe('');
    expect(xml).toContain('<CompraID>OC-2026-0042</CompraID>');
    expect(xml).toContain('<TpoCambio>40.124</TpoCambio>');
    expect(xml).toContain('<FmaPago>1</FmaPago>');
    expect(xml).toContain('<RznSocRecep>Acme SA</RznSocRecep>');
    expect(xml).toContain('<DocRecep>214844360018</DocRecep>');
    expect(xml).toContain('<CdgDGISucur>1</CdgDGISucur>');
    expect(xml).toContain('<Departamento>Montevideo</Departamento>');

    // Totals equal to the accepted revision's, to the cent, IVA per rate.
    const [revision] = await world.db
      .select()
      .from(quoteRevisions)
      .where(eq(quoteRevisions.orderId, orderId));
    const draft = accepted!.draft as SaleDraft;
    expect(revision).toMatchObject({ subtotal: '893.85', tax: '189.44', total: '1083.29' });
    expect(draft.totals).toMatchObject({
      netBasic: '833.75',
      ivaBasic: '183.43',
      netMinimum: '60.10',
      ivaMinimum: '6.01',
      total: revision!.total,
    });
    expect(accepted!.total).toBe(revision!.total);

    const mails = await world.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    const subject = `Tu e-Factura A-${sent!.number} del pedido N° ${orderId}`;
    const invoiceMails = mails.filter(
      (mail) => (mail.payload as { subject: string }).subject === subject,
    );
    expect(invoiceMails).toHaveLength(1);
    // Staff read it on the order, with its state, and download the signed XML as kept.
    const staff = callerFor(world.deps, admin);
    expect(await staff.admin.invoices.ofOrder({ orderId })).toMatchObject([
      { kind: 111, state: 'accepted', numberText: `A-${sent!.number}`, hasXml: true },
    ]);
    expect(await staff.admin.invoices.signedXml({ id: accepted!.id })).toEqual({
      fileName: `CFE-111-A-${sent!.number}.xml`,
      xml,
    });
    // Once: another run finds nothing to do and mails nothing more.
    expect(await runCfe(world.deps)).toBe(0);
  });

  it('issues an e-Ticket to a buyer without RUT', async () => {
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: consumer, admin },
      { lines: [{ price: '100.00', quantity: 1 }], exchangeRate: '40' },
    );
    await runCfe(world.deps);
    const [ticket] = await documentsOf(world.deps, orderId);
    expect(ticket).toMatchObject({ kind: 101, state: 'pending_dgi', total: '122.00' });
    expect(schemaErrors(ticket!.signedXml!)).toBe('');
    expect(ticket!.signedXml).toContain('<eTck>');
    expect(ticket!.signedXml).not.toContain('<Receptor>');
  });
});

describe('the rate and the due day', () => {
  it("takes the store's rate of the day (the BCU's) over the revision's, and FchVenc from the terms", async () => {
    const today = storeDay(world.deps.clock.now());
    await world.db
      .insert(exchangeRates)
      .values({ day: today, rate: '39.8765', quotedOn: today, source: 'bcu' })
      .onConflictDoUpdate({ target: exchangeRates.day, set: { rate: '39.8765' } });
    try {
      const orderId = await acceptedOrder(
        world.deps,
        { buyer: company, admin },
        { company: ACME, lines: [{ price: '10.00', quantity: 1 }], exchangeRate: '41' },
      );
      await world.db.execute(
        sql`update orders set payment_terms_days = 30, due_on = ${today}::date + 30 where id = ${orderId}`,
      );
      await runCfe(world.deps);
      const [invoice] = await documentsOf(world.deps, orderId);
      expect(invoice!.signedXml).toContain('<TpoCambio>39.877</TpoCambio>');
      expect(invoice!.signedXml).toContain('<FmaPago>2</FmaPago>');
      expect(invoice!.signedXml).toMatch(/<FchVenc>\d{4}-\d{2}-\d{2}<\/FchVenc>/);
      expect(schemaErrors(invoice!.signedXml!)).toBe('');
    } finally {
      await world.db.delete(exchangeRates).where(eq(exchangeRates.day, today));
    }
  });
});

describe('the e-Remito of each dispatch', () => {
  it('is queued with the dispatch, before the goods move, and validates', async () => {
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: company, admin },
      {
        company: ACME,
        lines: [
          { price: '100.00', quantity: 3 },
          { price: '20.00', quantity: 1 },
        ],
        exchangeRate: '40',
      },
    );
    const staff = callerFor(world.deps, admin);
    const { fulfilment } = await staff.admin.orders.get({ id: orderId });
    const dispatchOf = (quantities: number[]) =>
      staff.admin.dispatches.create({
        orderId,
        lines: fulfilment!.lines.map((line, i) => ({
          lineKey: line.lineKey,
          quantity: quantities[i] ?? 0,
        })),
        method: 'agency',
        agency: 'DAC',
        freightCollect: true,
        dispatchedOn: storeDay(world.deps.clock.now()),
      });
    await dispatchOf([2, 0]);
    await dispatchOf([1, 1]);
    const remitos = (await documentsOf(world.deps, orderId)).filter((d) => d.kind === 181);
    // One per dispatch, queued in the dispatch's own transaction.
    expect(remitos).toHaveLength(2);
    expect(remitos.every((remito) => remito.state === 'queued')).toBe(true);
    await runCfe(world.deps);
    for (const remito of await documentsOf(world.deps, orderId)) {
      if (remito.kind !== 181) continue;
      expect(remito.state).toBe('pending_dgi');
      expect(schemaErrors(remito.signedXml!)).toBe('');
      expect(signatureProblems(remito.signedXml!)).toBe('');
      expect(remito.signedXml).toContain('<eRem>');
      expect(remito.signedXml).toContain('<DocRecep>214844360018</DocRecep>');
      expect(remito.signedXml).not.toContain('<PrecioUnitario>');
    }
  });
});

describe('what the store refuses before sending', () => {
  it("keeps DGI's resolution as número/año, prints it, and refuses any other shape", async () => {
    const settings = {
      dgiBranchCode: '1',
      fiscalAddress: 'Av. 18 de Julio 1234',
      fiscalCity: 'Montevideo',
      fiscalDepartment: 'Montevideo',
      invoiceOn: 'acceptance' as const,
      uiValue: '6,1',
    };
    const store = callerFor(world.deps, admin).admin.store;
    for (const dgiResolution of ['2023', 'Res. 12/2023', '12/23']) {
      await expect(store.updateInvoicing({ ...settings, dgiResolution })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('número/año (1234/2023)') as string,
      });
    }
    const saved = await store.updateInvoicing({ ...settings, dgiResolution: ' 567/2024 ' });
    expect(saved.dgiResolution).toBe('567/2024');
    expect((await store.invoicing()).dgiResolution).toBe('567/2024');
    await setUpIssuer(world.deps, admin);
  });

  it("stops for the data staff must give, naming it, and goes on once it's given", async () => {
    await callerFor(world.deps, admin).admin.store.updateInvoicing({
      dgiBranchCode: '1',
      dgiResolution: '',
      fiscalAddress: 'Av. 18 de Julio 1234',
      fiscalCity: 'Montevideo',
      fiscalDepartment: '',
      invoiceOn: 'acceptance',
      uiValue: '6,1',
    });
    const issuedBefore = await simulator(world.deps).issuedCount();
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: company, admin },
      { company: ACME, lines: [{ price: '10.00', quantity: 1 }], exchangeRate: '40' },
    );
    await runCfe(world.deps);
    const [stopped] = await documentsOf(world.deps, orderId);
    expect(stopped).toMatchObject({
      state: 'needs_data',
      lastError: 'Falta el departamento de la empresa',
      nextAttemptAt: null,
      draft: null,
    });
    expect(await simulator(world.deps).issuedCount()).toBe(issuedBefore);

    await setUpIssuer(world.deps, admin);
    await callerFor(world.deps, admin).admin.invoices.retry({ id: stopped!.id });
    await runCfe(world.deps);
    const [issued] = await documentsOf(world.deps, orderId);
    expect(issued).toMatchObject({ state: 'pending_dgi', lastError: null });
  });

  it('waits for the exchange rate of a quote that has none', async () => {
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: company, admin },
      { company: ACME, lines: [{ price: '10.00', quantity: 1 }] },
    );
    await runCfe(world.deps);
    const [stopped] = await documentsOf(world.deps, orderId);
    expect(stopped).toMatchObject({
      state: 'needs_data',
      lastError: 'Falta el tipo de cambio del día',
    });
  });
});

describe('credit notes', () => {
  it('credits the whole invoice when the order is cancelled, referencing it', async () => {
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: company, admin },
      { company: ACME, lines: [{ price: '250.00', quantity: 2 }], exchangeRate: '40' },
    );
    await runCfe(world.deps);
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: orderId,
      status: 'Cancelado',
      reason: 'El cliente desistió',
    });
    await runCfe(world.deps);
    const [invoice, note] = await documentsOf(world.deps, orderId);
    expect(note).toMatchObject({
      kind: 112,
      creditsDocumentId: invoice!.id,
      state: 'pending_dgi',
      total: invoice!.total,
    });
    expect(schemaErrors(note!.signedXml!)).toBe('');
    expect(note!.signedXml).toContain(
      `<TpoDocRef>111</TpoDocRef><Serie>A</Serie><NroCFERef>${invoice!.number}</NroCFERef><RazonRef>Pedido pasado a Cancelado</RazonRef>`,
    );
  });

  it('cancels an invoice never sent instead of crediting it', async () => {
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: company, admin },
      { company: ACME, lines: [{ price: '5.00', quantity: 1 }], exchangeRate: '40' },
    );
    await callerFor(world.deps, admin).admin.orders.setStatus({
      id: orderId,
      status: 'Cancelado',
      reason: 'Error de carga',
    });
    const documents = await documentsOf(world.deps, orderId);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ kind: 111, state: 'cancelled', nextAttemptAt: null });
  });

  it('credits part of an invoice: some units of one line', async () => {
    const orderId = await acceptedOrder(
      world.deps,
      { buyer: company, admin },
      {
        company: ACME,
        lines: [
          { price: '100.00', quantity: 3 },
          { price: '20.00', quantity: 1, ivaRate: 'exento' },
        ],
        exchangeRate: '40',
      },
    );
    await runCfe(world.deps);
    const [invoice] = await documentsOf(world.deps, orderId);
    const caller = callerFor(world.deps, admin);
    await caller.admin.invoices.creditNote({
      id: invoice!.id,
      lines: [{ line: 1, quantity: 1 }],
      reason: 'Devolución de una unidad',
    });
    await runCfe(world.deps);
    const [, note] = await documentsOf(world.deps, orderId);
    // 100.00 + 22 % IVA.
    expect(note).toMatchObject({ kind: 112, state: 'pending_dgi', total: '122.00' });
    await expect(
      caller.admin.invoices.creditNote({
        id: invoice!.id,
        lines: [{ line: 1, quantity: 3 }],
        reason: 'Otra devolución',
      }),
    ).rejects.toThrow('La nota de crédito supera lo que queda por acreditar de la línea');
    const [{ count }] = (await queryRows<{ count: number }>(
      world.db,
      sql`select count(*)::int as count from cfe_documents where order_id = ${orderId}`,
    )) as [{ count: number }];
    expect(count).toBe(2);
  });
});
