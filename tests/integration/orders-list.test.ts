// The dashboard's orders list for real volumes: search by customer name, e-mail, company or
// order number (wildcards taken literally), a date range of whole Montevideo days, and the
// CSV export of exactly the filtered orders, streamed in keyset batches.
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { customers, orderItems, orders } from '@server/db/schema';
import { messages } from '@shared/messages';
import type { AdminOrdersInput } from '@shared/schemas/order';
import { callerFor, createTestCookie, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp({ http: true });
let admin: SessionUser;
const ids: Record<string, number> = {};

type Spec = {
  key: string;
  customer: { fullName: string; email: string; companyName?: string };
  companyName?: string;
  rut?: string;
  /** UTC instant; Montevideo is UTC-3 all year. */
  at: string;
  status?: string;
  total?: string;
};

const SPECS: Spec[] = [
  {
    key: 'acme',
    customer: { fullName: 'Ana Martínez', email: 'ana@acme.uy', companyName: 'Acme S.A.' },
    companyName: 'Acme Sociedad Anónima',
    rut: '211234560018',
    // 00:00 of June 10 in Montevideo: the day's first minute.
    at: '2026-06-10T03:00:00Z',
    status: 'Concretado',
    total: '1299.50',
  },
  {
    key: 'underscore',
    customer: { fullName: 'Juan Pérez', email: 'juan_perez@gamma.uy' },
    // 23:59 of June 10 in Montevideo, already June 11 in UTC: the day's last minute.
    at: '2026-06-11T02:59:00Z',
  },
  {
    key: 'percent',
    customer: { fullName: 'Carlos Díaz', email: 'juanxperez@delta.uy' },
    companyName: 'Rebaja 50% SRL',
    // 23:59 of June 9 in Montevideo, although June 10 in UTC.
    at: '2026-06-10T02:59:00Z',
  },
  {
    key: 'decoy',
    customer: { fullName: 'Lucía Núñez', email: 'lucia@omega.uy' },
    companyName: '500 Unidades SA',
    // 00:00 of June 11 in Montevideo.
    at: '2026-06-11T03:00:00Z',
  },
];

async function addOrder(spec: Spec) {
  const user = await createTestUser(world.deps, spec.customer);
  if (spec.customer.companyName) {
    await world.db
      .update(customers)
      .set({ companyName: spec.customer.companyName })
      .where(eq(customers.id, user.customer!.id));
  }
  const [order] = await world.db
    .insert(orders)
    .values({
      customerId: user.customer!.id,
      totalAmount: spec.total ?? '100.00',
      status: spec.status ?? 'Cotización',
      contactEmail: spec.customer.email,
      companyName: spec.companyName,
      rut: spec.rut,
      createdAt: new Date(spec.at),
    })
    .returning({ id: orders.id });
  ids[spec.key] = order!.id;
}

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  for (const spec of SPECS) await addOrder(spec);
  const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '433.17' }]);
  await world.db.insert(orderItems).values(
    [3, 2].map((quantity) => ({
      orderId: ids.acme!,
      variantId: variant!.id,
      productId: variant!.productId,
      price: variant!.price,
      quantity,
      productName: variant!.productName,
      colorName: 'Negro',
      storage: '128 GB',
    })),
  );
});

async function listIds(input: Omit<AdminOrdersInput, 'page'>) {
  const result = await callerFor(world.deps, admin).admin.orders.list({ page: 1, ...input });
  expect(result.total).toBe(result.items.length);
  return result.items.map((order) => order.id);
}

describe('orders list search', () => {
  it('finds orders by customer name, e-mail and company, ignoring case and accents', async () => {
    expect(await listIds({ search: 'martinez' })).toEqual([ids.acme]);
    expect(await listIds({ search: 'ANA@ACME' })).toEqual([ids.acme]);
    // The company on the order and the one on the customer's account.
    expect(await listIds({ search: 'sociedad anonima' })).toEqual([ids.acme]);
    expect(await listIds({ search: 'acme s.a.' })).toEqual([ids.acme]);
    expect(await listIds({ search: '  Núñez ' })).toEqual([ids.decoy]);
  });

  it('finds an order by its number, with or without #', async () => {
    expect(await listIds({ search: `#${ids.percent}` })).toEqual([ids.percent]);
    expect(await listIds({ search: `# ${ids.percent}` })).toEqual([ids.percent]);
    expect(await listIds({ search: String(ids.percent) })).toContain(ids.percent);
    // Too large to be an order id: a text search only, not a database error.
    expect(await listIds({ search: '99999999999' })).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    // Unescaped, '_' would also match the x of juanxperez and '%' the 0 of '500 Unidades'.
    expect(await listIds({ search: 'n_p' })).toEqual([ids.underscore]);
    expect(await listIds({ search: '50%' })).toEqual([ids.percent]);
    expect(await listIds({ search: '%' })).toEqual([ids.percent]);
  });

  it('answers an empty page when nothing matches, and combines with the status', async () => {
    const none = await callerFor(world.deps, admin).admin.orders.list({ page: 1, search: 'nadie' });
    expect(none).toMatchObject({ items: [], total: 0, pageCount: 1 });
    expect(await listIds({ search: 'acme', status: 'Cotización' })).toEqual([]);
    expect(await listIds({ search: 'acme', status: 'Concretado' })).toEqual([ids.acme]);
  });

  it('answers the list rows with the company, newest first', async () => {
    const all = await callerFor(world.deps, admin).admin.orders.list({ page: 1 });
    expect(all.items.map((order) => order.id)).toEqual([
      ids.decoy,
      ids.underscore,
      ids.acme,
      ids.percent,
    ]);
    expect(all.items[2]).toMatchObject({
      customerName: 'Ana Martínez',
      customerEmail: 'ana@acme.uy',
      companyName: 'Acme Sociedad Anónima',
    });
  });
});

describe('orders list date range', () => {
  it('includes a whole Montevideo day, first and last minute, and nothing around it', async () => {
    const day = await listIds({ from: '2026-06-10', to: '2026-06-10' });
    expect(day).toEqual([ids.underscore, ids.acme]);
    expect(await listIds({ from: '2026-06-11' })).toEqual([ids.decoy]);
    expect(await listIds({ to: '2026-06-09' })).toEqual([ids.percent]);
    expect(await listIds({ from: '2026-06-12' })).toEqual([]);
    expect(await listIds({ from: '2026-06-10', to: '2026-06-11', search: 'juan' })).toEqual([
      ids.underscore,
    ]);
  });

  it('refuses impossible days and a reversed range in Spanish, under the field', async () => {
    const caller = callerFor(world.deps, admin).admin.orders;
    await expect(caller.list({ page: 1, from: '2026-02-30' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(messages.invalidDay) as string,
    });
    await expect(
      caller.list({ page: 1, from: '2026-06-11', to: '2026-06-10' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(messages.dayRangeReversed) as string,
    });
    await expect(caller.list({ page: 1, search: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

type CsvRow = Record<string, string>;
const parseCsv = (body: string) =>
  parse<CsvRow>(body, { bom: true, delimiter: ';', columns: true });

const exportOrders = (query: string, cookie: string | undefined = world.adminCookie) =>
  world.app.inject({ url: `/api/admin/orders.csv${query}`, headers: cookie ? { cookie } : {} });

describe('orders CSV export', () => {
  it('streams the filtered orders with Spanish columns, a BOM and ;, for admins only', async () => {
    expect((await exportOrders('', '')).statusCode).toBe(401);
    expect((await exportOrders('', await createTestCookie(world.deps))).statusCode).toBe(403);

    const response = await exportOrders('?q=sociedad&desde=2026-06-10&hasta=2026-06-10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ordenes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    // A stream: sent in chunks as rows are read, never measured as one whole body first.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(
      response.body.startsWith('\uFEFFnúmero;fecha;estado;despacho;cliente;email;empresa;RUT;'),
    ).toBe(true);
    expect(parseCsv(response.body)).toEqual([
      {
        número: String(ids.acme),
        fecha: '2026-06-10 00:00',
        estado: 'Concretado',
        // Concretado starts the goods' axis, even for a row written straight to the table.
        despacho: 'Por despachar',
        cliente: 'Ana Martínez',
        email: 'ana@acme.uy',
        empresa: 'Acme Sociedad Anónima',
        RUT: '211234560018',
        ítems: '5',
        'total US$': '1299.50',
      },
    ]);
  });

  it('exports what the list shows for the same filters, empty results included', async () => {
    const filtered = await exportOrders(
      '?desde=2026-06-10&hasta=2026-06-11&status=Cotizaci%C3%B3n',
    );
    expect(parseCsv(filtered.body).map((row) => Number(row.número))).toEqual(
      await listIds({ from: '2026-06-10', to: '2026-06-11', status: 'Cotización' }),
    );
    const percent = await exportOrders('?q=50%25');
    expect(parseCsv(percent.body).map((row) => row.empresa)).toEqual(['Rebaja 50% SRL']);
    const none = await exportOrders('?q=nadie');
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe(
      '\uFEFFnúmero;fecha;estado;despacho;cliente;email;empresa;RUT;ítems;total US$\r\n',
    );
  });

  it('refuses a malformed filter in Spanish, under its field', async () => {
    const response = await exportOrders('?desde=2026-13-01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: messages.invalidDay,
      fieldErrors: { from: [messages.invalidDay] },
    });
    const reversed = await exportOrders('?desde=2026-06-11&hasta=2026-06-10');
    expect(reversed.json()).toMatchObject({ error: messages.dayRangeReversed });
  });

  it('walks past its batches in order, ties on the same instant included', async () => {
    const [customer] = await world.db.select({ id: customers.id }).from(customers).limit(1);
    // More than two batches of 500, all at one instant: only the id orders them.
    await world.db.execute(sql`
      insert into orders (customer_id, total_amount, status, contact_email, company_name, created_at)
      select ${customer!.id}, 10, 'Cotización', 'lote@empresa.uy', 'Lote masivo', '2026-07-01T12:00:00Z'
      from generate_series(1, 1100)`);
    const response = await exportOrders('?q=lote%20masivo');
    const numbers = parseCsv(response.body).map((row) => Number(row.número));
    expect(numbers).toHaveLength(1100);
    expect(new Set(numbers).size).toBe(1100);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });
});
