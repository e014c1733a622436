// 'Direcciones' and the delivery chosen with a request
// (docs/decisions/081-address-book-and-delivery-choice.md): a company's book that every member
// reads and its administrators manage, a customer's own book, the delivery kept with a copy of
// its site, changed by staff with a revision, and printed on the quote.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { queryRows } from '@server/db/queries';
import { renderQuotePdf } from '@server/pdf/quote-pdf';
import { loadQuoteDocument } from '@server/services/orders/quote-document';
import { callerFor, createTestUser } from '../support/context';
import { requestQuote } from '../support/quotes';
import { freshRut } from '../support/rut';
import { setCompanyOf } from '../support/pricing';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();
let admin: SessionUser;
let member: SessionUser;
let loner: SessionUser;
let staff: SessionUser;

const paysandu = {
  name: 'Depósito Paysandú',
  street: 'Av. España 1234',
  locality: 'Paysandú',
  departamento: 'UY-PA' as const,
  postalCode: '60000',
  phone: '+598 99 123 456',
  contactName: 'Marta Suárez',
  hours: 'Lunes a viernes de 9 a 17',
};
const oficina = {
  ...paysandu,
  name: 'Oficina Centro',
  street: 'Colonia 1100',
  locality: 'Montevideo',
  departamento: 'UY-MO' as const,
  postalCode: '11100',
  phone: '2900 1234',
  contactName: '',
  hours: '',
};

const refusalOf = async (call: Promise<unknown>) => {
  const error = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as {
    code?: string;
    message?: string;
    cause?: { issues?: { path: string[]; message: string }[] };
  };
  expect(error, 'the call was refused').toBeDefined();
  // A refused input's first sentence, as the form shows it under its field.
  return { ...error, message: error.cause?.issues?.[0]?.message ?? error.message };
};

beforeAll(async () => {
  admin = await createTestUser(world.deps, { fullName: 'Ana Admin' });
  member = await createTestUser(world.deps, { fullName: 'Mario Miembro' });
  loner = await createTestUser(world.deps, { fullName: 'Sola Cliente' });
  staff = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Staff' });
  await callerFor(world.deps, admin).account.profile.update({
    companyName: 'Ejemplo S.A.',
    rut: freshRut(),
  });
  const [company] = await queryRows<{ company_id: number }>(
    world.db,
    sql`select company_id from company_members where customer_id = ${admin.customer!.id}`,
  );
  await setCompanyOf(world.db, member.customer!.id, company!.company_id);
});

describe('the address book', () => {
  it('is the company’s: its administrator adds sites, every member reads them', async () => {
    const sites = callerFor(world.deps, admin).account.sites;
    await sites.create(paysandu);
    await sites.create(oficina);
    const book = await callerFor(world.deps, member).account.sites.list();
    expect(book.canManage).toBe(false);
    expect(book.billing).toMatchObject({ companyName: 'Ejemplo S.A.', fiscal: null });
    // The first site is the default; the phone is stored as its eight digits.
    expect(book.sites.map((s) => [s.name, s.isDefault, s.phone, s.departamento])).toEqual([
      ['Depósito Paysandú', true, '99123456', 'UY-PA'],
      ['Oficina Centro', false, '29001234', 'UY-MO'],
    ]);
  });

  it('refuses a member’s changes, and a wrong phone or postal code at its field', async () => {
    const forbidden = await refusalOf(callerFor(world.deps, member).account.sites.create(oficina));
    expect(forbidden).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Solo un administrador de la empresa puede cambiar sus direcciones.',
    });
    const phone = await refusalOf(
      callerFor(world.deps, admin).account.sites.create({ ...oficina, phone: '12345' }),
    );
    expect(phone.message).toBe('Ingresá un teléfono uruguayo, por ejemplo 099 123 456');
    const postal = await refusalOf(
      callerFor(world.deps, admin).account.sites.create({ ...oficina, postalCode: '1100' }),
    );
    expect(postal.message).toBe('El código postal tiene 5 dígitos');
  });

  it('moves the default, and gives it to another site when the default is deleted', async () => {
    const sites = callerFor(world.deps, admin).account.sites;
    const before = await sites.list();
    const office = before.sites.find((s) => s.name === 'Oficina Centro')!;
    await sites.setDefault({ siteId: office.id });
    expect((await sites.list()).sites.filter((s) => s.isDefault).map((s) => s.name)).toEqual([
      'Oficina Centro',
    ]);
    const extra = await sites.create({ ...oficina, name: 'Borrar' });
    await sites.setDefault({ siteId: extra.id });
    await sites.delete({ siteId: extra.id });
    const after = await sites.list();
    expect(after.sites.filter((s) => s.isDefault)).toHaveLength(1);
    expect(after.sites.map((s) => s.name)).not.toContain('Borrar');
  });

  it('keeps the domicilio fiscal apart, saved by the administrator', async () => {
    await callerFor(world.deps, admin).account.sites.saveFiscalAddress({
      street: 'Rincón 500',
      locality: 'Montevideo',
      departamento: 'UY-MO',
      postalCode: '11000',
    });
    const book = await callerFor(world.deps, member).account.sites.list();
    expect(book.billing?.fiscal).toEqual({
      street: 'Rincón 500',
      locality: 'Montevideo',
      departamento: 'UY-MO',
      postalCode: '11000',
    });
    const refused = await refusalOf(
      callerFor(world.deps, member).account.sites.saveFiscalAddress({
        street: 'Otra 1',
        locality: 'Montevideo',
        departamento: 'UY-MO',
        postalCode: '',
      }),
    );
    expect(refused.code).toBe('FORBIDDEN');
  });

  it('is a customer’s own without a company, and never another book’s', async () => {
    const own = callerFor(world.deps, loner).account.sites;
    const { id } = await own.create({ ...oficina, name: 'Mi casa' });
    const book = await own.list();
    expect(book).toMatchObject({ canManage: true, billing: null });
    expect(book.sites.map((s) => s.name)).toEqual(['Mi casa']);
    // The company's administrator cannot touch it: not theirs, so it does not exist for them.
    const refused = await refusalOf(
      callerFor(world.deps, admin).account.sites.delete({ siteId: id }),
    );
    expect(refused).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Ese lugar de entrega no existe.',
    });
  });
});

describe('the delivery chosen with the request', () => {
  it('keeps a copy of the site, shows on the order and in the request’s mails', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 10, price: '100.00' }]);
    const site = (await callerFor(world.deps, member).account.sites.list()).sites.find(
      (s) => s.name === 'Depósito Paysandú',
    )!;
    const order = await requestQuote(
      world.deps,
      member,
      [{ variantId: variant!.id, quantity: 5 }],
      {
        delivery: { method: 'agency', agency: 'DAC', freightCollect: true, siteId: site.id },
      },
    );
    // Editing the site afterwards never rewrites the order's copy.
    await callerFor(world.deps, admin).account.sites.update({
      ...paysandu,
      siteId: site.id,
      street: 'Otra calle 1',
    });
    const detail = await callerFor(world.deps, member).account.orders.get({ id: order.id });
    expect(detail.delivery).toMatchObject({
      method: 'agency',
      agency: 'DAC',
      freightCollect: true,
      siteName: 'Depósito Paysandú',
      street: 'Av. España 1234',
      departamento: 'UY-PA',
      phone: '99123456',
    });
    const mails = await queryRows<{ subject: string; text: string }>(
      world.db,
      sql`select payload->>'subject' as subject, payload->>'text' as text from outbox
          where kind = 'mail' and payload->>'subject' like ${`%N° ${order.id}`}`,
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain('Entrega: Agencia al interior · DAC · Flete a cargo del cliente');
      expect(mail.text).toContain('Av. España 1234, Paysandú, Paysandú (60000)');
    }
  });

  it('refuses a site of another book at its field, writing nothing', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 3, price: '10.00' }]);
    const strangerSite = (await callerFor(world.deps, loner).account.sites.list()).sites[0]!;
    const ordersBefore = await queryRows<{ n: number }>(
      world.db,
      sql`select count(*)::int as n from orders`,
    );
    const refused = await refusalOf(
      requestQuote(world.deps, member, [{ variantId: variant!.id, quantity: 1 }], {
        delivery: { method: 'courier', siteId: strangerSite.id },
      }),
    );
    expect(refused.message).toBe('Elegí un lugar de entrega de tu cuenta o de tu empresa.');
    expect(refused.cause?.issues?.[0]?.path).toEqual(['delivery.siteId']);
    const ordersAfter = await queryRows<{ n: number }>(
      world.db,
      sql`select count(*)::int as n from orders`,
    );
    expect(ordersAfter).toEqual(ordersBefore);
  });

  it('is changed by staff with a revision; each quote prints the delivery it was sent with', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 10, price: '100.00' }]);
    const order = await requestQuote(
      world.deps,
      member,
      [{ variantId: variant!.id, quantity: 2 }],
      {
        delivery: { method: 'pickup' },
      },
    );
    const office = (await callerFor(world.deps, admin).account.sites.list()).sites.find(
      (s) => s.name === 'Oficina Centro',
    )!;
    const [day] = await queryRows<{ day: string }>(
      world.db,
      sql`select (((now() at time zone 'America/Montevideo')::date) + 10)::text as day`,
    );
    const revise = (delivery?: { method: 'courier'; siteId: number }) =>
      callerFor(world.deps, staff).admin.orders.sendRevision({
        orderId: order.id,
        lines: [{ variantId: variant!.id, quantity: 2, unitPrice: '100,00', discountPercent: '0' }],
        validUntil: day!.day,
        delivery,
      });
    await revise();
    await revise({ method: 'courier', siteId: office.id });
    const detail = await callerFor(world.deps, staff).admin.orders.get({ id: order.id });
    expect(detail.delivery).toMatchObject({ method: 'courier', siteName: 'Oficina Centro' });

    const pdfText = async (number: number) => {
      const document = await loadQuoteDocument(world.deps, order.id, number);
      const folder = mkdtempSync(path.join(tmpdir(), 'entrega-'));
      writeFileSync(path.join(folder, 'q.pdf'), await renderQuotePdf(document!));
      return execFileSync('pdftotext', ['-layout', path.join(folder, 'q.pdf'), '-'], {
        encoding: 'utf8',
      });
    };
    const first = await pdfText(1);
    expect(first).toContain('Entrega');
    expect(first).toContain('Retiro en el local');
    const second = await pdfText(2);
    expect(second).toContain('Envío en Montevideo');
    expect(second).toContain('Colonia 1100, Montevideo, Montevideo (11100)');
    expect(second).toContain('Tel. 2900 1234');
  });

  it('leaves an order requested without one as it was: its free address, if any', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 3, price: '10.00' }]);
    const order = await requestQuote(world.deps, loner, [{ variantId: variant!.id, quantity: 1 }], {
      address: {
        addressLine1: 'Av. Italia 1234',
        city: 'Montevideo',
        state: 'Montevideo',
        country: 'Uruguay',
      },
    });
    const detail = await callerFor(world.deps, loner).account.orders.get({ id: order.id });
    expect(detail.delivery).toBeNull();
    expect(detail.address?.addressLine1).toBe('Av. Italia 1234');
  });
});
