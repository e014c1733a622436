// 'Datos de la empresa': one row that every reader of the store's data goes through (contact
// page, PDF), the environment's CONTACT_* values until staff save it, each change in the
// activity log; and the quote PDF that prints it beside the customer's data and the terms.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { auditLog, storeProfile } from '@server/db/schema';
import { renderQuotePdf } from '@server/pdf/quote-pdf';
import { loadQuoteDocument } from '@server/services/orders/quote-document';
import { getStoreProfile } from '@server/services/store/store-profile';
import { formatDate } from '@shared/format';
import { messages } from '@shared/messages';
import {
  STORE_LOGO_URL,
  storeProfileInputSchema,
  type StoreProfileFormValues,
} from '@shared/schemas/store-profile';
import { callerFor, createTestUser } from '../support/context';
import { trpcErrorOf } from '../support/http';
import { callProcedure } from '../support/procedures';
import { isStored } from '../support/storage';
import { useTestApp } from '../support/test-app';
import { pngImage, postMultipart } from '../support/uploads';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });
let admin: SessionUser;
let customer: SessionUser;

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Admin' });
  customer = await createTestUser(world.deps, { fullName: 'Ana Peña' });
});

const profile: StoreProfileFormValues = {
  legalName: 'Tienda Informática S.A.',
  rut: '21-100342-001-7',
  address: 'Av. Italia 2345, Montevideo',
  phone: '+598 2600 7788',
  email: 'Ventas@TiendaInformatica.com.uy',
  paymentTerms: 'Transferencia bancaria a 30 días',
  deliveryTerms: '5 días hábiles desde la OC',
  warranty: '12 meses de garantía oficial del fabricante',
  validityDays: 20,
};

const pdfTool = (tool: 'pdftotext' | 'pdfimages', pdf: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tienda-pdf-'));
  const file = path.join(dir, 'cotizacion.pdf');
  writeFileSync(file, pdf);
  const args = tool === 'pdftotext' ? ['-layout', file, '-'] : ['-list', file];
  return execFileSync(tool, args, { encoding: 'utf8' });
};

/** Today + `days` as YYYY-MM-DD in Montevideo. */
async function dayFromToday(days: number) {
  const [row] = await queryRows<{ day: string }>(
    world.db,
    sql`select (((now() at time zone 'America/Montevideo')::date) + ${days}::int)::text as day`,
  );
  return row!.day;
}

describe('the store profile', () => {
  it("starts from the environment's contact values and is what contact.info answers", async () => {
    expect(await world.db.$count(storeProfile)).toBe(0);
    const info = await callerFor(world.deps, null).contact.info();
    expect(info).toMatchObject({
      legalName: 'Tienda',
      rut: null,
      logoUrl: null,
      email: world.deps.config.CONTACT_EMAIL,
      phone: world.deps.config.CONTACT_PHONE,
      address: world.deps.config.CONTACT_ADDRESS,
    });
    expect(await callerFor(world.deps, admin).admin.store.get()).toMatchObject({
      validityDays: 15,
      paymentTerms: '',
    });
  });

  it('refuses each invalid field in Spanish, under the field', () => {
    const result = storeProfileInputSchema.safeParse({
      ...profile,
      legalName: ' ',
      rut: '21-100342-001-8',
      email: 'no es correo',
      validityDays: 0,
      warranty: 'x'.repeat(1001),
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toEqual({
      legalName: 'Ingresá la razón social',
      rut: 'El RUT no es válido',
      email: 'Ingresá un correo válido',
      validityDays: 'La validez mínima es 1 día',
      warranty: 'La garantía no debe exceder los 1000 caracteres',
    });
  });

  it('answers a refused save with field errors and writes nothing', async () => {
    const response = await callProcedure(
      world.app,
      { path: 'admin.store.update', type: 'mutation' },
      { input: { ...profile, rut: '123' }, cookie: world.adminCookie },
    );
    expect(response.statusCode).toBe(400);
    expect(trpcErrorOf(response)).toMatchObject({
      message: 'El RUT no es válido',
      data: { fieldErrors: { rut: ['El RUT no es válido'] } },
    });
    expect(await world.db.$count(storeProfile)).toBe(0);
  });

  it('saves one row, records what changed, and every reader sees it', async () => {
    const before = await world.db.$count(auditLog, eq(auditLog.entityType, 'store'));
    const saved = await callerFor(world.deps, admin).admin.store.update(profile);
    expect(saved).toMatchObject({ rut: '211003420017', email: 'ventas@tiendainformatica.com.uy' });
    expect(await world.db.$count(storeProfile)).toBe(1);
    const [entry] = await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'store'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(await world.db.$count(auditLog, eq(auditLog.entityType, 'store'))).toBe(before + 1);
    expect(entry).toMatchObject({
      userId: admin.user.id,
      action: 'update',
      label: 'Datos de la empresa',
      changes: {
        legalName: { before: 'Tienda', after: 'Tienda Informática S.A.' },
        rut: { before: null, after: '211003420017' },
        phone: { before: world.deps.config.CONTACT_PHONE, after: '+598 2600 7788' },
        validityDays: { before: 15, after: 20 },
      },
    });
    expect(await callerFor(world.deps, null).contact.info()).toMatchObject({
      legalName: 'Tienda Informática S.A.',
      rut: '211003420017',
      phone: '+598 2600 7788',
      address: 'Av. Italia 2345, Montevideo',
    });

    // Saving the same data again is no change: no new entry.
    await callerFor(world.deps, admin).admin.store.update(profile);
    expect(await world.db.$count(auditLog, eq(auditLog.entityType, 'store'))).toBe(before + 1);
  });

  it('is for admins only', async () => {
    await expect(callerFor(world.deps, customer).admin.store.update(profile)).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
  });

  it('stores an uploaded logo as renditions, records it, and removes it', async () => {
    const upload = await postMultipart(world.app, STORE_LOGO_URL, {
      fields: {},
      files: [{ field: 'logo', name: 'logo empresa.png', data: await pngImage(600, 200) }],
      cookie: world.adminCookie,
    });
    expect(upload.status).toBe(200);
    const logoUrl = upload.body.logoUrl as string;
    expect(logoUrl).toMatch(/^\/uploads\/store\/logo-logo-empresa-[0-9a-f]{8}-1200\.webp$/);
    expect(await isStored(world.deps, logoUrl)).toBe(true);
    expect((await getStoreProfile(world.db, world.deps.config)).logoUrl).toBe(logoUrl);
    expect((await callerFor(world.deps, null).contact.info()).logoUrl).toBe(logoUrl);

    const notImage = await postMultipart(world.app, STORE_LOGO_URL, {
      fields: {},
      files: [{ field: 'logo', name: 'logo.png', data: Buffer.from('no soy una imagen') }],
      cookie: world.adminCookie,
    });
    expect(notImage).toMatchObject({
      status: 400,
      body: { fieldErrors: { logo: [messages.invalidImage] } },
    });
    expect((await getStoreProfile(world.db, world.deps.config)).logoUrl).toBe(logoUrl);

    await callerFor(world.deps, admin).admin.store.removeLogo();
    expect((await getStoreProfile(world.db, world.deps.config)).logoUrl).toBeNull();
    await expect.poll(() => isStored(world.deps, logoUrl)).toBe(false);
    const logoEntries = await world.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'store'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(logoEntries.map((entry) => Object.keys(entry.changes))).toEqual([
      ['logoUrl'],
      ['logoUrl'],
    ]);
  });
});

describe('the quote PDF', () => {
  it('prints both companies, the lines, totals, terms, note, OC and the total in pesos', async () => {
    await callerFor(world.deps, admin).admin.store.update(profile);
    await postMultipart(world.app, STORE_LOGO_URL, {
      fields: {},
      files: [{ field: 'logo', name: 'logo.png', data: await pngImage(400, 120, '#0b6b39') }],
      cookie: world.adminCookie,
    });
    const [a, b] = await createTestProduct(
      world.db,
      [
        { stock: 10, price: '100.00', storage: '512 GB', colorName: 'Gris espacial' },
        { stock: 10, price: '10.05', storage: '256 GB', colorName: 'Azul' },
      ],
      'Notebook Año Pro',
    );
    const own = callerFor(world.deps, customer);
    const { id: orderId } = await own.orders.requestQuote({
      email: 'compras@empresa.uy',
      phone: '099 123 456',
      companyName: 'Ejemplo S.A.',
      rut: '21-100342-001-7',
      address: {
        addressLine1: 'Bv. Artigas 1500',
        city: 'Montevideo',
        state: 'Montevideo',
        postalCode: '11300',
        country: 'Uruguay',
      },
      items: [
        { variantId: a!.id, quantity: 2 },
        { variantId: b!.id, quantity: 3 },
      ],
      idempotencyKey: `pdf-${Date.now()}`,
    });
    const validUntil = await dayFromToday(10);
    await callerFor(world.deps, admin).admin.orders.sendRevision({
      orderId,
      lines: [
        { variantId: a!.id, quantity: 2, unitPrice: '99.99', discountPercent: '10' },
        { variantId: b!.id, quantity: 3, unitPrice: '10.05', discountPercent: '12.5' },
      ],
      note: 'Precios especiales por volumen.',
      validUntil,
      paymentTerms: 'Contado contra entrega',
      exchangeRate: '39.5',
    });
    await own.account.orders.accept({ id: orderId, revision: 1, purchaseOrder: 'OC-2026-0042' });

    const quote = await loadQuoteDocument(world.deps, orderId, 1);
    const pdf = await renderQuotePdf(quote!);
    const text = pdfTool('pdftotext', pdf);
    const expected = [
      // The store, from 'Datos de la empresa'.
      'Tienda Informática S.A.',
      'RUT: 211003420017',
      'Av. Italia 2345, Montevideo',
      'Tel.: +598 2600 7788 · ventas@tiendainformatica.com.uy',
      // The quote.
      `Cotización N° ${orderId}-1`,
      `Fecha: ${formatDate(new Date())}`,
      `Válida hasta: ${validUntil.split('-').reverse().join('/')}`,
      'Orden de compra (OC): OC-2026-0042',
      // The customer.
      'Ana Peña',
      'Razón social: Ejemplo S.A.',
      'RUT: 211003420017',
      'Dirección: Bv. Artigas 1500, Montevideo, Montevideo 11300, Uruguay',
      'Teléfono: 099 123 456',
      // The lines.
      'Notebook Año Pro',
      '512 GB / Gris espacial',
      'US$ 99,99',
      '10 %',
      'US$ 179,98',
      '12,5 %',
      'US$ 26,38',
      // Totals: 206,36 + 22 % = 251,76; 251,76 x 39,5 = 9.944,52.
      'Subtotal: US$ 206,36',
      'IVA 22 %: US$ 45,40',
      'Total: US$ 251,76',
      'Total en pesos uruguayos: $ 9.944,52 al tipo de cambio 39,5',
      // The terms: the one staff changed, the store's defaults for the others.
      'Forma de pago',
      'Contado contra entrega',
      'Plazo de entrega',
      '5 días hábiles desde la OC',
      'Garantía',
      '12 meses de garantía oficial del fabricante',
      'Precios especiales por volumen.',
    ];
    for (const piece of expected) expect(text).toContain(piece);
    expect(text).not.toContain('Transferencia bancaria');
    // The logo is drawn: one image in the document.
    expect(pdfTool('pdfimages', pdf).trim().split('\n')).toHaveLength(3);
  });
});
