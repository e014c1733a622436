// /dashboard/clientes: customers and companies found by name, e-mail, razón social or
// RUT (accents and case aside), with their quotes, accepted total and last activity, paginated
// on the server; each one's page with its members, orders and the staff's note.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { STAFF_CUSTOMERS_PAGE_SIZE } from '@shared/schemas/customers';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });
let staff: SessionUser;
let martin: SessionUser;
let colleague: SessionUser;
let companyId: number;
let counter = 0;

const as = (user: SessionUser) => callerFor(world.deps, user);

async function quote(user: SessionUser, price: string) {
  const [variant] = await createTestProduct(world.db, [{ stock: 10, price }]);
  const { id } = await as(user).orders.requestQuote({
    email: user.user.email,
    items: [{ variantId: variant!.id, quantity: 1 }],
    idempotencyKey: `clientes-${++counter}`,
  });
  return id;
}

beforeAll(async () => {
  staff = await createTestUser(world.deps, { role: 'admin', fullName: 'Personal' });
  martin = await createTestUser(world.deps, {
    fullName: 'Martín Núñez',
    email: `martin-${Date.now()}@acme.uy`,
  });
  colleague = await createTestUser(world.deps, { fullName: 'Zoe Colega' });
  await as(martin).account.profile.update({
    companyName: 'Compañía Ñandú S.A.',
    rut: '123456780012',
  });
  // The colleague joins the way the app lets them: straight to the table, as the invitation does.
  const members = await as(martin).account.company.members();
  companyId = members!.company.id;
  const { companyMembers } = await import('@server/db/schema');
  await world.db
    .insert(companyMembers)
    .values({ customerId: colleague.customer!.id, companyId, role: 'member' });
  const accepted = await quote(martin, '100.00');
  await as(staff).admin.orders.setStatus({ id: accepted, status: 'Concretado' });
  await quote(colleague, '50.00');
  for (let i = 0; i < STAFF_CUSTOMERS_PAGE_SIZE; i += 1) {
    await createTestUser(world.deps, { fullName: `Relleno ${i}` });
  }
});

describe('the customers list', () => {
  it('finds a customer by name, accents and case aside, with what they bought', async () => {
    const page = await as(staff).admin.customers.list({ search: 'martin nunez', page: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: martin.customer!.id,
      companyName: 'Compañía Ñandú S.A.',
      rut: '123456780012',
      role: 'admin',
      quotes: 1,
      acceptedTotal: '100.00',
    });
    expect(page.items[0]!.lastActivity).toBeInstanceOf(Date);
  });

  it('finds every member by razón social or RUT, however the RUT is typed', async () => {
    for (const search of ['compania nandu', '12-345678-001-2', '345678']) {
      const page = await as(staff).admin.customers.list({ search, page: 1 });
      expect(page.items.map((row) => row.fullName).sort(), search).toEqual([
        'Martín Núñez',
        'Zoe Colega',
      ]);
    }
    const byEmail = await as(staff).admin.customers.list({ search: '@acme.uy', page: 1 });
    expect(byEmail.items.map((row) => row.fullName)).toEqual(['Martín Núñez']);
  });

  it('is paginated on the server with its total, staff accounts left out', async () => {
    const first = await as(staff).admin.customers.list({ page: 1 });
    expect(first.items).toHaveLength(STAFF_CUSTOMERS_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(STAFF_CUSTOMERS_PAGE_SIZE);
    const second = await as(staff).admin.customers.list({ page: 2 });
    expect(second.items.length).toBe(first.total - STAFF_CUSTOMERS_PAGE_SIZE);
    const everyone = [...first.items, ...second.items].map((row) => row.id);
    expect(new Set(everyone).size).toBe(first.total);
    expect(everyone).not.toContain(staff.customer!.id);
  });

  it('lists companies with their members, quotes and accepted total', async () => {
    const page = await as(staff).admin.companies.list({ search: 'ÑANDÚ', page: 1 });
    expect(page.items).toEqual([
      expect.objectContaining({ id: companyId, members: 2, quotes: 2, acceptedTotal: '100.00' }),
    ]);
  });
});

describe("one customer's and one company's page", () => {
  it("shows a company's members and orders, and keeps the staff's note", async () => {
    const company = await as(staff).admin.companies.get({ id: companyId });
    expect(company.members.map((member) => [member.fullName, member.role])).toEqual([
      ['Martín Núñez', 'admin'],
      ['Zoe Colega', 'member'],
    ]);
    expect(company.orders.total).toBe(2);
    expect(company.orders.items.map((order) => order.requesterName).sort()).toEqual([
      'Martín Núñez',
      'Zoe Colega',
    ]);
    await as(staff).admin.companies.setNote({ id: companyId, note: 'Paga a 30 días' });
    expect((await as(staff).admin.companies.get({ id: companyId })).staffNote).toBe(
      'Paga a 30 días',
    );
  });

  it("shows a customer's orders and note, which the customer never reads", async () => {
    await as(staff).admin.customers.setNote({ id: martin.customer!.id, note: 'Prefiere WhatsApp' });
    const customer = await as(staff).admin.customers.get({ id: martin.customer!.id });
    expect(customer).toMatchObject({
      fullName: 'Martín Núñez',
      companyName: 'Compañía Ñandú S.A.',
      staffNote: 'Prefiere WhatsApp',
      orders: { total: 1 },
    });
    const own = await as(martin).account.orders.get({ id: customer.orders.items[0]!.id });
    expect(JSON.stringify(own)).not.toContain('Prefiere WhatsApp');
    await expect(as(staff).admin.customers.get({ id: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('exports the customers the search selects as CSV', async () => {
    const response = await world.app.inject({
      url: `/api/admin/customers.csv?q=${encodeURIComponent('ñandú')}`,
      headers: { cookie: world.adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="clientes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse<Record<string, string>>(response.body, {
      bom: true,
      delimiter: ';',
      columns: true,
    });
    expect(rows.map((row) => [row.cliente, row.empresa, row.rol])).toEqual([
      ['Martín Núñez', 'Compañía Ñandú S.A.', 'Administrador'],
      ['Zoe Colega', 'Compañía Ñandú S.A.', 'Miembro'],
    ]);
  });
});
