// The store's documents through Biller's adapter against a local Biller speaking its documented
// API (tests/support/biller-fake.ts), on PGlite and PostgreSQL: the request as Biller reads it,
// its number and CAE on the row, DGI's verdict by polling, a refusal named for staff, an error
// answer and a timeout retried under the same key and never issued twice
// (docs/decisions/091-biller-as-the-certified-provider.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { loadConfig } from '@server/config';
import { outbox } from '@server/db/schema';
import { createBillerProvider } from '@server/services/invoicing/biller-provider';
import { billerDate } from '@server/services/invoicing/biller-request';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
} from '@server/services/invoicing/cfe-errors';
import type { CfeDraft } from '@server/services/invoicing/cfe-types';
import { cfeMessages } from '@shared/cfe-messages';
import { startFakeBiller, type FakeBiller } from '../support/biller-fake';
import { acceptedOrder, documentsOf, runCfe, setUpIssuer } from '../support/cfe';
import { movableClock } from '../support/clock';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

const TOKEN = 'token-de-la-tienda';
const BRANCH = 889;
const ACME = { companyName: 'Acme SA', rut: '214844360018' };

const clock = movableClock();
// Filled in before the app is built: the fake's port is known once it listens.
const env: Record<string, string> = {
  CFE_PROVIDER: 'biller',
  CFE_BILLER_TOKEN: TOKEN,
  CFE_BILLER_BRANCH_ID: String(BRANCH),
  CFE_BILLER_TIMEOUT_MS: '300',
  CFE_BILLER_ISSUE_INTERVAL_MS: '0',
};
let fake: FakeBiller;
beforeAll(async () => {
  fake = await startFakeBiller({ token: TOKEN, branchId: BRANCH });
  env.CFE_BILLER_URL = fake.url;
});
const world = useTestApp({ env, clock });
afterAll(() => fake.close());

let company: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  company = await createTestUser(world.deps, { fullName: 'Compras Acme' });
  admin = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Admin' });
  await setUpIssuer(world.deps, admin);
});

const invoiceFor = (lines = [{ price: '10.00', quantity: 1 }]) =>
  acceptedOrder(
    world.deps,
    { buyer: company, admin },
    { company: ACME, lines, exchangeRate: '40' },
  );
const issuesOf = (key: string) =>
  fake.requests.filter(
    (request) =>
      request.path === '/v3/comprobantes/emitir' &&
      (request.body as { numero_interno: string }).numero_interno === key,
  );
/** The worker's next look, once its back-off or its poll is due. */
const later = async (ms = 5_000) => {
  clock.advance(ms);
  return runCfe(world.deps);
};

describe('the configuration', () => {
  it('refuses to start with CFE_PROVIDER=biller and a setting missing, naming it', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', CFE_PROVIDER: 'biller', CFE_BILLER_URL: fake.url }),
    ).toThrow(
      'Configuración inválida: CFE_PROVIDER=biller necesita CFE_BILLER_TOKEN, CFE_BILLER_BRANCH_ID',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', CFE_PROVIDER: 'ucfe' })).toThrow('CFE_PROVIDER');
    expect(loadConfig({ NODE_ENV: 'test', ...env })).toMatchObject({
      CFE_PROVIDER: 'biller',
      CFE_BILLER_BRANCH_ID: BRANCH,
    });
  });
});

describe('an e-Factura through Biller', () => {
  it("is sent as Biller's API reads it, recorded with Biller's number and CAE, and polled until DGI accepts it", async () => {
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
    expect(await runCfe(world.deps)).toBe(1);
    const [sent] = await documentsOf(world.deps, orderId);
    const key = sent!.idempotencyKey;
    const [request] = issuesOf(key);
    expect(request!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.body).toEqual({
      tipo_comprobante: 111,
      numero_interno: key,
      fecha_emision: billerDate(sent!.issuedOn!),
      sucursal: BRANCH,
      cliente: {
        tipo_documento: 2,
        documento: '214844360018',
        razon_social: 'Acme SA',
        sucursal: {
          direccion: 'Colonia 1000',
          ciudad: 'Montevideo',
          departamento: 'Montevideo',
          pais: 'UY',
        },
      },
      numero_compra: 'OC-2026-0042',
      forma_pago: 1,
      moneda: 'USD',
      tasa_cambio: 40.124,
      montos_brutos: 0,
      items: [
        expect.objectContaining({ cantidad: 1, precio: 800, indicador_facturacion: 3 }),
        expect.objectContaining({
          cantidad: 3,
          precio: 12.5,
          indicador_facturacion: 3,
          descuento_tipo: '%',
          descuento_cantidad: 10,
        }),
        expect.objectContaining({ cantidad: 2, precio: 30.05, indicador_facturacion: 2 }),
      ],
    });

    const [issued] = fake.documents.filter((doc) => doc.numero_interno === key);
    expect(sent).toMatchObject({
      state: 'pending_dgi',
      provider: 'biller',
      serie: 'A',
      number: issued!.numero,
      caeId: '901110000001',
      caeFrom: 1,
      caeTo: 1_000_000,
      caeExpiresOn: '2028-12-31',
      securityCode: issued!.hash.slice(0, 6),
      signedXml: null,
    });
    // Not the production host: DGI's test verification page, the store's RUT and total.
    expect(sent!.qrUrl).toBe(
      `https://www.efactura.dgi.gub.uy/consultaQRPrueba/cfe?219999830019,111,A,${issued!.numero},1083.29,${billerDate(issued!.fecha_creacion.slice(0, 10))},${encodeURIComponent(issued!.hash)}`,
    );

    // DGI has not answered: the poll leaves it waiting, asked again later.
    expect(await later()).toBe(1);
    expect((await documentsOf(world.deps, orderId))[0]).toMatchObject({ state: 'pending_dgi' });

    fake.decide(key, 'Aceptado DGI');
    expect(await later(10_000)).toBe(1);
    const [accepted] = await documentsOf(world.deps, orderId);
    // The poll's answer has no hash: the security code and QR recorded at issue stay.
    expect(accepted).toMatchObject({
      state: 'accepted',
      nextAttemptAt: null,
      number: issued!.numero,
      securityCode: sent!.securityCode,
      qrUrl: sent!.qrUrl,
    });
    const subject = `Tu e-Factura A-${issued!.numero} del pedido N° ${orderId}`;
    const mails = await world.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    expect(
      mails.filter((mail) => (mail.payload as { subject: string }).subject === subject),
    ).toHaveLength(1);
    expect(await callerFor(world.deps, admin).admin.invoices.ofOrder({ orderId })).toMatchObject([
      { state: 'accepted', numberText: `A-${issued!.numero}`, hasXml: false },
    ]);
    expect(issuesOf(key)).toHaveLength(1);
  });

  it("is 'Rechazado' with Biller's state when DGI rejects it", async () => {
    const orderId = await invoiceFor();
    await runCfe(world.deps);
    const [sent] = await documentsOf(world.deps, orderId);
    fake.decide(sent!.idempotencyKey, 'Rechazado DGI');
    await later();
    expect((await documentsOf(world.deps, orderId))[0]).toMatchObject({
      state: 'rejected',
      dgiReason: 'Rechazado DGI (el motivo está en biller.uy)',
      nextAttemptAt: null,
    });
  });
});

describe('what Biller refuses or does not answer', () => {
  it("stops a document Biller refuses for staff, with Biller's words, and sends it once retried", async () => {
    fake.refuseNext = ['Debe especificar receptor por ser mayor a 5000 UI.'];
    const orderId = await invoiceFor();
    await runCfe(world.deps);
    const [stopped] = await documentsOf(world.deps, orderId);
    expect(stopped).toMatchObject({
      state: 'needs_data',
      lastError:
        'Biller rechazó el comprobante: Debe especificar receptor por ser mayor a 5000 UI.',
      nextAttemptAt: null,
      number: null,
    });
    expect(fake.documents.filter((doc) => doc.numero_interno === stopped!.idempotencyKey)).toEqual(
      [],
    );

    await callerFor(world.deps, admin).admin.invoices.retry({ id: stopped!.id });
    await runCfe(world.deps);
    expect((await documentsOf(world.deps, orderId))[0]).toMatchObject({ state: 'pending_dgi' });
  });

  it('retries an error answer with back-off, asking by the key before sending again', async () => {
    fake.mode = 'error';
    const orderId = await invoiceFor();
    try {
      await runCfe(world.deps);
      const [waiting] = await documentsOf(world.deps, orderId);
      expect(waiting).toMatchObject({
        state: 'queued',
        lastError: cfeMessages.cfeProviderUnavailable,
        number: null,
      });
      expect(waiting!.nextAttemptAt!.getTime() - clock.now().getTime()).toBeGreaterThan(4_000);
      // Not due yet: nothing is sent.
      expect(await runCfe(world.deps)).toBe(0);
    } finally {
      fake.mode = 'ok';
    }
    const key = (await documentsOf(world.deps, orderId))[0]!.idempotencyKey;
    await later();
    // About this document: the refused send, then the retry asking by its key before sending.
    const aboutIt = fake.requests.filter(
      (request) =>
        request.query.numero_interno === key ||
        (request.body as { numero_interno?: string } | undefined)?.numero_interno === key,
    );
    expect(aboutIt.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v3/comprobantes/emitir',
      'GET /v2/comprobantes/obtener',
      'POST /v3/comprobantes/emitir',
    ]);
    expect((await documentsOf(world.deps, orderId))[0]).toMatchObject({
      state: 'pending_dgi',
      lastError: null,
    });
    expect(fake.documents.filter((doc) => doc.numero_interno === key)).toHaveLength(1);
  });

  it('finds the document Biller issued while the store timed out, and never issues it twice', async () => {
    fake.mode = 'hang';
    const orderId = await invoiceFor();
    try {
      await runCfe(world.deps);
    } finally {
      fake.mode = 'ok';
    }
    const [waiting] = await documentsOf(world.deps, orderId);
    expect(waiting).toMatchObject({
      state: 'queued',
      lastError: cfeMessages.cfeProviderUnavailable,
    });
    const key = waiting!.idempotencyKey;
    // Biller did issue it: the answer is what was lost.
    expect(fake.documents.filter((doc) => doc.numero_interno === key)).toHaveLength(1);

    await later();
    const [recorded] = await documentsOf(world.deps, orderId);
    const [issued] = fake.documents.filter((doc) => doc.numero_interno === key);
    expect(recorded).toMatchObject({
      state: 'pending_dgi',
      number: issued!.numero,
      lastError: null,
    });
    expect(issuesOf(key)).toHaveLength(1);
    expect(fake.documents.filter((doc) => doc.numero_interno === key)).toHaveLength(1);
  });
});

describe('the adapter on its own', () => {
  const adapter = (token = TOKEN) =>
    createBillerProvider({
      url: fake.url,
      token,
      branchId: BRANCH,
      timeoutMs: 300,
      issueIntervalMs: 0,
      clock,
    });

  it("answers a repeated key with the first document, as Biller's refusal of it lets it", async () => {
    const orderId = await invoiceFor();
    await runCfe(world.deps);
    const [sent] = await documentsOf(world.deps, orderId);
    const again = await adapter().issue(sent!.draft as CfeDraft, sent!.idempotencyKey);
    expect(again).toMatchObject({
      state: 'pending_dgi',
      assigned: { serie: 'A', number: sent!.number },
      securityCode: null,
    });
    expect(
      fake.documents.filter((doc) => doc.numero_interno === sent!.idempotencyKey),
    ).toHaveLength(1);
    expect(await adapter().status('otra-clave')).toBeNull();
    expect(await adapter().signedDocument(sent!.idempotencyKey)).toBeNull();
  });

  it('tells a refused token from a Biller that does not answer', async () => {
    const orderId = await invoiceFor();
    await runCfe(world.deps);
    const [sent] = await documentsOf(world.deps, orderId);
    await expect(adapter('otro-token').status(sent!.idempotencyKey)).rejects.toThrow(
      ProviderRefusedError,
    );
    fake.mode = 'hang';
    try {
      await expect(adapter().status(sent!.idempotencyKey)).rejects.toThrow(
        ProviderUnavailableError,
      );
    } finally {
      fake.mode = 'ok';
    }
  });
});
