// The printed CFE (DGI's 'representación impresa') of documents the simulated provider issued
// and DGI accepted, read back as pdftotext reads it: the issuer, the 'RUC COMPRADOR' box or
// 'CONSUMO FINAL', serie and number, the CAE, the security code, the verification sentence, the
// rate and totals equal to the accepted quote's; who may download it; the buyer's mail with it
// attached (docs/decisions/095-the-printed-cfe.md). PGlite and PostgreSQL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '@server/app-deps';
import { createSession, generateSessionToken, type SessionUser } from '@server/auth/session';
import { quoteRevisions } from '@server/db/schema';
import { calendarDay, formatDate, formatMoney } from '@shared/format';
import { renderCfePdf } from '@server/pdf/cfe-pdf';
import { loadCfePrint } from '@server/services/invoicing/cfe-print';
import type { SaleDraft } from '@server/services/invoicing/cfe-types';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import {
  acceptedOrder,
  documentsOf,
  issueAll as issueDocuments,
  runCfe,
  setUpIssuer,
} from '../support/cfe';
import { pdfText } from '../support/pdf-text';
import { freshRut } from '../support/rut';
import { listenSmtp, readMail, type ReadMail } from '../support/smtp-mail';
import { useTestApp } from '../support/test-app';

// The store's address, which an e-Ticket prints: the app's and the deps' below alike.
const PUBLIC_URL = 'https://tienda.example';
const world = useTestApp({ http: true, env: { PUBLIC_URL } });
let smtp: Awaited<ReturnType<typeof listenSmtp>>;
const mails: ReadMail[] = [];
/** The deps whose outbox mails through the SMTP server; every call of this file uses them. */
let deps: AppDeps;
let company: SessionUser;
let consumer: SessionUser;
let outsider: SessionUser;
let admin: SessionUser;
const ACME = { companyName: 'Acme SA', rut: '214844360018' };

beforeAll(async () => {
  smtp = await listenSmtp((raw) => {
    mails.push(readMail(raw));
  });
  deps = createTestDeps(world.db, {
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL },
  });
  company = await createTestUser(deps, { fullName: 'Compras Acme' });
  consumer = await createTestUser(deps, { fullName: 'Ana Peña' });
  outsider = await createTestUser(deps, { fullName: 'Otro Cliente' });
  admin = await createTestUser(deps, { role: 'admin', fullName: 'Laura Admin' });
  await setUpIssuer(deps, admin);
});
afterAll(() => smtp.close());

/** Every document of the order issued and answered by DGI, as the simulated provider does. */
const issueAll = (orderId: number) => issueDocuments(deps, orderId);

/** A cookie of a new session of `user`, as the browser sends it to the PDF route. */
async function sessionCookieOf(user: SessionUser) {
  const token = generateSessionToken();
  await createSession(world.db, token, user.user.id, deps.clock.now());
  return `session=${token}`;
}

const download = async (url: string, user: SessionUser | null) =>
  world.app.inject({ url, headers: user ? { cookie: await sessionCookieOf(user) } : {} });

const pdfUrl = (orderId: number, documentId: number) =>
  `/api/orders/${orderId}/comprobantes/${documentId}.pdf`;

/**
 * pdftotext's text with every run of blanks one space, so a wrapped sentence reads whole: line
 * by line as printed, and block by block (so what a box holds reads together).
 */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const blocks = (pdf: Buffer) => pdfText(pdf, { layout: false }).replace(/\s+/g, ' ');

const dayOf = (day: string) => formatDate(calendarDay(day));

/** Each word pdftotext reads, with its left and right edges in points. */
function wordBoxes(pdf: Buffer) {
  const folder = mkdtempSync(path.join(tmpdir(), 'cfe-'));
  try {
    writeFileSync(path.join(folder, 'cfe.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', path.join(folder, 'cfe.pdf'), '-'], {
      encoding: 'utf8',
    });
    return [
      ...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g),
    ].map(([, xMin, xMax, text]) => ({ xMin: Number(xMin), xMax: Number(xMax), text: text! }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the printed e-Factura', () => {
  let orderId: number;
  let invoice: Awaited<ReturnType<typeof documentsOf>>[number] | undefined;

  beforeAll(async () => {
    orderId = await acceptedOrder(
      deps,
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
    await runCfe(deps);
  });

  it('is not downloadable nor listed before DGI accepts it', async () => {
    const [pending] = await documentsOf(deps, orderId);
    expect(pending).toMatchObject({ kind: 111, state: 'pending_dgi' });
    expect((await download(pdfUrl(orderId, pending!.id), company)).statusCode).toBe(404);
    expect(await callerFor(deps, company).account.invoices.ofOrder({ orderId })).toEqual([]);
  });

  it('prints what was signed: issuer, RUC COMPRADOR, number, CAE, seal, rate and totals', async () => {
    [invoice] = await issueAll(orderId);
    expect(invoice).toMatchObject({ kind: 111, state: 'accepted' });
    const response = await download(pdfUrl(orderId, invoice!.id), company);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`e-Factura-A-${invoice!.number}.pdf`);
    const text = flat(response.rawPayload);
    if (process.env.CFE_PDF_DUMP)
      writeFileSync(`${process.env.CFE_PDF_DUMP}/cfe.pdf`, response.rawPayload);

    const [revision] = await world.db
      .select()
      .from(quoteRevisions)
      .where(eq(quoteRevisions.orderId, orderId));
    expect(revision!.total).toBe('1083.29');
    for (const expected of [
      'Tienda SA',
      'RUT 219999830019',
      'Av. 18 de Julio 1234',
      'Montevideo, Montevideo',
      'e-Factura',
      `Serie A N° ${invoice!.number}`,
      'Forma de pago: Contado',
      'Acme SA',
      'Domicilio: Colonia 1000, Montevideo',
      'Orden de compra (OC): OC-2026-0042',
      `Fecha: ${dayOf(invoice!.issuedOn!)}`,
      'Moneda: Dólares (US$)',
      'Tipo de cambio: 40,124',
      'Descuento 10 %',
      'Neto IVA tasa mínima 10 % US$ 60,10',
      'Neto IVA tasa básica 22 % US$ 833,75',
      'IVA tasa mínima 10 % US$ 6,01',
      'IVA tasa básica 22 % US$ 183,43',
      `Total ${formatMoney(revision!.total)}`,
      `Número de CAE: ${invoice!.caeId}`,
      `Rango autorizado: serie A, del ${invoice!.caeFrom} al ${invoice!.caeTo}`,
      `Código de seguridad: ${invoice!.securityCode}`,
      'Res. 1234/2023',
      'Puede verificar comprobante en www.dgi.gub.uy',
      'IVA al día',
      'sin valor fiscal',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The boxes, read as blocks: the buyer's RUT and the CAE's expiry.
    const boxes = blocks(response.rawPayload);
    expect(boxes).toContain('RUC COMPRADOR 214844360018');
    expect(boxes).toContain(`Fecha de vencimiento CAE ${dayOf(invoice!.caeExpiresOn!)}`);
    expect(text).not.toContain('CONSUMO FINAL');
    expect(invoice!.securityCode).toMatch(/^.{6}$/);
  });

  it('carries the QR, at DGI’s size (22–30 mm)', async () => {
    const response = await download(pdfUrl(orderId, invoice!.id), company);
    const folder = mkdtempSync(path.join(tmpdir(), 'cfe-'));
    try {
      writeFileSync(path.join(folder, 'cfe.pdf'), response.rawPayload);
      // page num type width height color comp bpc enc interp object id x-ppi y-ppi …
      const images = execFileSync('pdfimages', ['-list', path.join(folder, 'cfe.pdf')], {
        encoding: 'utf8',
      })
        .split('\n')
        .slice(2)
        .filter((row) => row.trim().split(/\s+/)[2] === 'image');
      expect(images).toHaveLength(1);
      const ppi = Number(images[0]!.trim().split(/\s+/)[12]);
      const width = Number(images[0]!.trim().split(/\s+/)[3]);
      const millimetres = (width / ppi) * 25.4;
      expect(millimetres).toBeGreaterThanOrEqual(22);
      expect(millimetres).toBeLessThanOrEqual(30);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is listed for the buyer and downloaded by staff; refused to an outsider and a visitor', async () => {
    expect(await callerFor(deps, company).account.invoices.ofOrder({ orderId })).toMatchObject([
      { id: invoice!.id, kind: 111, numberText: `A-${invoice!.number}`, total: '1083.29' },
    ]);
    const url = pdfUrl(orderId, invoice!.id);
    expect((await download(url, admin)).statusCode).toBe(200);
    // Another customer's session reads nothing, exactly as for a document that does not exist.
    expect((await download(url, outsider)).statusCode).toBe(404);
    expect((await download(url, null)).statusCode).toBe(401);
    await expect(
      callerFor(deps, outsider).account.invoices.ofOrder({ orderId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(deps, null).account.invoices.ofOrder({ orderId })).rejects.toMatchObject(
      { code: 'UNAUTHORIZED' },
    );
    // The document under an order of the outsider's own is no way round the rule.
    const own = await acceptedOrder(
      deps,
      { buyer: outsider, admin },
      { lines: [{ price: '10.00', quantity: 1 }], exchangeRate: '40' },
    );
    expect((await download(pdfUrl(own, invoice!.id), outsider)).statusCode).toBe(404);
  });

  it('repeats issuer, buyer and number on every page, the seal on the last', async () => {
    const print = (await loadCfePrint(deps, { documentId: invoice!.id }))!;
    const draft = print.draft as SaleDraft;
    const lines = Array.from({ length: 45 }, (_, i) => ({ ...draft.lines[0]!, number: i + 1 }));
    const pdf = await renderCfePdf({ ...print, draft: { ...draft, lines } });
    if (process.env.CFE_PDF_DUMP) writeFileSync(`${process.env.CFE_PDF_DUMP}/cfe-pages.pdf`, pdf);
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    const header = `Tienda SA · RUT 219999830019 · e-Factura Serie A N° ${invoice!.number}`;
    pages.forEach((page, i) => {
      const text = page.replace(/\s+/g, ' ');
      expect(text).toContain(`Página ${i + 1} de ${pages.length}`);
      if (i > 0) expect(text).toContain(header);
      if (i > 0) expect(text).toContain('Acme SA · RUC 214844360018');
      expect(text.includes('Código de seguridad')).toBe(i === pages.length - 1);
    });
  });

  it('goes attached to the buyer’s mail once DGI accepted it', async () => {
    while ((await deps.outbox.deliverDue()) > 0);
    const sent = mails.filter(
      (mail) => mail.subject === `Tu e-Factura A-${invoice!.number} del pedido N° ${orderId}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toContain(company.user.email);
    expect(sent[0]!.attachments).toEqual([`e-Factura-A-${invoice!.number}.pdf`]);
    expect(sent[0]!.text).toContain('Te lo adjuntamos en PDF');
  });

  it('prints its credit note with the document it corrects', async () => {
    await callerFor(deps, admin).admin.orders.setStatus({
      id: orderId,
      status: 'Cancelado',
      reason: 'El cliente desistió',
    });
    const [, note] = await issueAll(orderId);
    expect(note).toMatchObject({ kind: 112, state: 'accepted' });
    const response = await download(pdfUrl(orderId, note!.id), company);
    expect(response.statusCode).toBe(200);
    const text = flat(response.rawPayload);
    expect(text).toContain('Nota de crédito de e-Factura');
    expect(text).toContain(`Serie A N° ${note!.number}`);
    expect(text).toContain(
      `Referencia: e-Factura serie A N° ${invoice!.number} del ${dayOf(invoice!.issuedOn!)}. Motivo: Pedido pasado a Cancelado`,
    );
    expect(blocks(response.rawPayload)).toContain('RUC COMPRADOR 214844360018');
    expect(text).toContain(`Total ${formatMoney('1083.29')}`);
    expect(text).toContain('Puede verificar comprobante en www.dgi.gub.uy');
    expect(
      (await callerFor(deps, company).account.invoices.ofOrder({ orderId })).map((d) => d.kind),
    ).toEqual([111, 112]);
  });
});

describe('the printed e-Ticket', () => {
  let ticketId: number;

  it("says 'CONSUMO FINAL' for a buyer without RUT, with the gross total", async () => {
    const orderId = await acceptedOrder(
      deps,
      { buyer: consumer, admin },
      { lines: [{ price: '100.00', quantity: 1 }], exchangeRate: '40' },
    );
    const [ticket] = await issueAll(orderId);
    expect(ticket).toMatchObject({ kind: 101, state: 'accepted', total: '122.00' });
    const response = await download(pdfUrl(orderId, ticket!.id), consumer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`e-Ticket-A-${ticket!.number}.pdf`);
    const text = flat(response.rawPayload);
    if (process.env.CFE_PDF_DUMP)
      writeFileSync(`${process.env.CFE_PDF_DUMP}/cfe-ticket.pdf`, response.rawPayload);
    for (const expected of [
      'RUT 219999830019',
      'e-Ticket',
      `Serie A N° ${ticket!.number}`,
      'CONSUMO FINAL',
      'Tipo de cambio: 40,000',
      'IVA tasa básica 22 % US$ 22,00',
      'Total US$ 122,00',
      `Código de seguridad: ${ticket!.securityCode}`,
    ]) {
      expect(text).toContain(expected);
    }
    // DGI's rule for an e-Ticket: the issuer's own page, not DGI's site (read as a block: the
    // address has a line of its own, beside the CAE's box).
    expect(blocks(response.rawPayload)).toContain(
      `Puede verificar comprobante en ${PUBLIC_URL}/comprobantes/verificar`,
    );
    expect(text).not.toContain('RUC COMPRADOR');
    expect(text).not.toContain('www.dgi.gub.uy');
    ticketId = ticket!.id;
  });

  it('sends its credit note to the store’s page too', async () => {
    const print = (await loadCfePrint(deps, { documentId: ticketId }))!;
    const note = await renderCfePdf({
      ...print,
      draft: { ...print.draft, kind: 102 } as SaleDraft,
    });
    expect(blocks(note)).toContain('Nota de crédito de e-Ticket');
    expect(blocks(note)).toContain(
      `Puede verificar comprobante en ${PUBLIC_URL}/comprobantes/verificar`,
    );
  });

  it('wraps a long store address inside the seal, left of the CAE box, on one page', async () => {
    const print = (await loadCfePrint(deps, { documentId: ticketId }))!;
    const url = `https://${'unatiendaconunnombremuylargo.'.repeat(3)}com.uy/comprobantes/verificar`;
    const pdf = await renderCfePdf({ ...print, storeVerifyUrl: url });
    if (process.env.CFE_PDF_DUMP)
      writeFileSync(`${process.env.CFE_PDF_DUMP}/cfe-ticket-long.pdf`, pdf);
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(1);
    // Broken across lines, the sentence and the address still read whole.
    expect(pdfText(pdf, { layout: false }).replace(/\s+/g, '')).toContain(
      `Puedeverificarcomprobanteen${url}`,
    );
    // Every word of it ends left of the box with the CAE's expiry.
    const words = wordBoxes(pdf);
    const box = words.find((word) => word.text === 'vencimiento')!;
    const sentence = words.filter((word) => /verificar|tienda|com\.uy/.test(word.text));
    expect(sentence.length).toBeGreaterThan(2);
    for (const word of sentence) expect(word.xMax).toBeLessThan(box.xMin);
  });
});

describe("the buyer's domicilio fiscal", () => {
  it("is the company's saved one, as an order from the checkout carries no address", async () => {
    const buyer = await createTestUser(deps, { fullName: 'Compras Litoral' });
    const company = { companyName: 'Agro Litoral S.A.', rut: freshRut() };
    await callerFor(deps, buyer).account.profile.update(company);
    await callerFor(deps, buyer).account.sites.saveFiscalAddress({
      street: '18 de Julio 1050',
      locality: 'Paysandú',
      departamento: 'UY-PA',
      postalCode: '60000',
    });
    const orderId = await acceptedOrder(
      deps,
      { buyer, admin },
      { company, lines: [{ price: '50.00', quantity: 2 }], exchangeRate: '40' },
    );
    const [invoice] = await issueAll(orderId);
    expect(invoice).toMatchObject({ kind: 111, state: 'accepted' });
    expect(invoice!.signedXml).toContain(
      '<DirRecep>18 de Julio 1050</DirRecep><CiudadRecep>Paysandú</CiudadRecep><DeptoRecep>Paysandú</DeptoRecep>',
    );
    const text = flat((await download(pdfUrl(orderId, invoice!.id), buyer)).rawPayload);
    expect(text).toContain('Domicilio: 18 de Julio 1050, Paysandú, Paysandú');
  });
});
