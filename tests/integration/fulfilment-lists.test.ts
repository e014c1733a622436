// Fulfilment in the orders lists (docs/decisions/082-dispatches-and-delivery-notes.md): the
// buyer's 'Por recibir', staff's 'Despacho' filter (what waits to leave, oldest first) and the
// 'despacho' column of the orders CSV. The orders reach their states through the procedures
// the store uses: accepting a quote, dispatching, marking a dispatch delivered.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { storeDay } from '@shared/format';
import type { AdminOrdersInput } from '@shared/schemas/order';
import { callerFor, createTestUser } from '../support/context';
import { requestQuote } from '../support/quotes';
import { freshRut } from '../support/rut';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp({ http: true });
let buyer: SessionUser;
let neighbour: SessionUser;
let staff: SessionUser;
let monitor: TestVariant;

/** The orders of this file, by what happened to them. */
const ids = {} as Record<
  'quote' | 'toDispatch' | 'partly' | 'dispatched' | 'delivered' | 'waitingLongest' | 'neighbours',
  number
>;

const today = () => storeDay(world.deps.clock.now());

/** A quote of `quantity` monitors for `customer`, answered by staff and accepted: Concretado. */
async function acceptedOrder(customer: SessionUser, quantity: number) {
  const order = await requestQuote(world.deps, customer, [{ variantId: monitor.id, quantity }]);
  const { number } = await callerFor(world.deps, staff).admin.orders.sendRevision({
    orderId: order.id,
    lines: [{ variantId: monitor.id, quantity, unitPrice: '100,00', discountPercent: '0' }],
    validUntil: storeDay(new Date(world.deps.clock.now().getTime() + 10 * 86_400_000)),
  });
  await callerFor(world.deps, customer).account.orders.accept({ id: order.id, revision: number });
  return order.id;
}

/** Staff hand `quantity` units of the order's one line over at the counter. */
async function dispatch(orderId: number, quantity: number) {
  const staffCaller = callerFor(world.deps, staff);
  const { fulfilment } = await staffCaller.admin.orders.get({ id: orderId });
  return staffCaller.admin.dispatches.create({
    orderId,
    lines: [{ lineKey: fulfilment!.lines[0]!.lineKey, quantity }],
    method: 'pickup',
    dispatchedOn: today(),
  });
}

beforeAll(async () => {
  buyer = await createTestUser(world.deps, { fullName: 'Ana Compras' });
  neighbour = await createTestUser(world.deps, { fullName: 'Otro Cliente' });
  staff = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Depósito' });
  // The buyer's company: 'Todos los de la empresa' reads the same orders.
  await callerFor(world.deps, buyer).account.profile.update({
    companyName: 'Agro Litoral S.A.',
    rut: freshRut(),
  });
  [monitor] = (await createTestProduct(
    world.db,
    [{ stock: 50, price: '100.00' }],
    'Monitor 27',
  )) as [TestVariant];

  ids.quote = (await requestQuote(world.deps, buyer, [{ variantId: monitor.id, quantity: 1 }])).id;
  ids.toDispatch = await acceptedOrder(buyer, 2);
  ids.partly = await acceptedOrder(buyer, 2);
  await dispatch(ids.partly, 1);
  ids.dispatched = await acceptedOrder(buyer, 2);
  await dispatch(ids.dispatched, 2);
  ids.delivered = await acceptedOrder(buyer, 2);
  const { id: dispatchId } = await dispatch(ids.delivered, 2);
  await callerFor(world.deps, staff).admin.dispatches.deliver({
    dispatchId,
    receivedBy: 'Ana Compras',
    deliveredOn: today(),
  });
  ids.waitingLongest = await acceptedOrder(buyer, 1);
  ids.neighbours = await acceptedOrder(neighbour, 1);

  // Days apart, so the order is the dates' and not the ids': the last one requested is the
  // oldest of all, and the neighbour's was requested at the very instant of 'toDispatch'.
  const daysAgo: [number, number][] = [
    [ids.waitingLongest, 10],
    [ids.quote, 9],
    [ids.toDispatch, 8],
    [ids.neighbours, 8],
    [ids.partly, 7],
    [ids.dispatched, 6],
    [ids.delivered, 5],
  ];
  const rows = sql.join(
    daysAgo.map(([id, days]) => sql`(${id}::int, ${days}::int)`),
    sql`, `,
  );
  await world.db.execute(sql`
    update orders set created_at = date_trunc('day', now()) - make_interval(days => v.days)
    from (values ${rows}) as v(id, days) where orders.id = v.id`);
});

describe("the buyer's 'Por recibir'", () => {
  it('shows each order’s fulfilment state, null before Concretado', async () => {
    const { items } = await callerFor(world.deps, buyer).account.orders.list({ page: 1 });
    expect(items.map((order) => [order.id, order.fulfilmentStatus])).toEqual([
      [ids.delivered, 'Entregado'],
      [ids.dispatched, 'Despachado'],
      [ids.partly, 'Despachado parcialmente'],
      [ids.toDispatch, 'Por despachar'],
      [ids.quote, null],
      [ids.waitingLongest, 'Por despachar'],
    ]);
  });

  it('keeps only the buyer’s accepted orders whose goods are still awaited, newest first', async () => {
    const awaiting = await callerFor(world.deps, buyer).account.orders.list({
      page: 1,
      awaitingReceipt: true,
    });
    expect(awaiting.total).toBe(4);
    expect(awaiting.items.map((order) => order.id)).toEqual([
      ids.dispatched,
      ids.partly,
      ids.toDispatch,
      ids.waitingLongest,
    ]);
    const neighbours = await callerFor(world.deps, neighbour).account.orders.list({
      page: 1,
      awaitingReceipt: true,
    });
    expect(neighbours.items.map((order) => order.id)).toEqual([ids.neighbours]);
  });

  it('filters the company’s orders the same way', async () => {
    const company = callerFor(world.deps, buyer).account.company;
    expect((await company.orders({ page: 1 })).total).toBe(6);
    const awaiting = await company.orders({ page: 1, awaitingReceipt: true });
    expect(awaiting.items.map((order) => [order.id, order.fulfilmentStatus])).toEqual([
      [ids.dispatched, 'Despachado'],
      [ids.partly, 'Despachado parcialmente'],
      [ids.toDispatch, 'Por despachar'],
      [ids.waitingLongest, 'Por despachar'],
    ]);
  });
});

async function staffIds(input: Omit<AdminOrdersInput, 'page'>) {
  const result = await callerFor(world.deps, staff).admin.orders.list({ page: 1, ...input });
  expect(result.total).toBe(result.items.length);
  return result.items.map((order) => order.id);
}

describe("staff's 'Despacho' filter", () => {
  it('keeps the newest first without it, with each order’s state', async () => {
    const { items } = await callerFor(world.deps, staff).admin.orders.list({ page: 1 });
    expect(items.map((order) => [order.id, order.fulfilmentStatus])).toEqual([
      [ids.delivered, 'Entregado'],
      [ids.dispatched, 'Despachado'],
      [ids.partly, 'Despachado parcialmente'],
      [ids.neighbours, 'Por despachar'],
      [ids.toDispatch, 'Por despachar'],
      [ids.quote, null],
      [ids.waitingLongest, 'Por despachar'],
    ]);
  });

  it('selects each state; what waits to leave comes oldest first, ties by number', async () => {
    expect(await staffIds({ dispatch: 'Por despachar' })).toEqual([
      ids.waitingLongest,
      ids.toDispatch,
      ids.neighbours,
    ]);
    expect(await staffIds({ dispatch: 'Despachado parcialmente' })).toEqual([ids.partly]);
    expect(await staffIds({ dispatch: 'Despachado' })).toEqual([ids.dispatched]);
    expect(await staffIds({ dispatch: 'Entregado' })).toEqual([ids.delivered]);
  });

  it("'pendiente' is everything still to send, the longest wait on top", async () => {
    expect(await staffIds({ dispatch: 'pendiente' })).toEqual([
      ids.waitingLongest,
      ids.toDispatch,
      ids.neighbours,
      ids.partly,
    ]);
    // Combined with the other filters, as they combine with each other.
    expect(await staffIds({ dispatch: 'pendiente', search: 'otro cliente' })).toEqual([
      ids.neighbours,
    ]);
    expect(await staffIds({ dispatch: 'pendiente', status: 'Cotización' })).toEqual([]);
  });

  it('refuses a state that does not exist', async () => {
    await expect(
      callerFor(world.deps, staff).admin.orders.list({ page: 1, dispatch: 'Enviado' as never }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

type CsvRow = Record<string, string>;
const exportOrders = async (query: string) => {
  const response = await world.app.inject({
    url: `/api/admin/orders.csv${query}`,
    headers: { cookie: world.adminCookie },
  });
  expect(response.statusCode).toBe(200);
  return {
    body: response.body,
    rows: parse<CsvRow>(response.body, { bom: true, delimiter: ';', columns: true }),
  };
};

describe("the orders CSV's 'despacho'", () => {
  it('has a despacho column beside the status, empty before Concretado', async () => {
    const { body, rows } = await exportOrders('');
    expect(body.startsWith('\uFEFFnúmero;fecha;estado;despacho;cliente;')).toBe(true);
    const despachoOf = (id: number) => rows.find((row) => row.número === String(id))?.despacho;
    expect(despachoOf(ids.partly)).toBe('Despachado parcialmente');
    expect(despachoOf(ids.delivered)).toBe('Entregado');
    expect(despachoOf(ids.quote)).toBe('');
  });

  it('exports what the list shows for the same Despacho filter, in its order', async () => {
    for (const despacho of ['pendiente', 'Por despachar', 'Entregado'] as const) {
      const { rows } = await exportOrders(`?despacho=${encodeURIComponent(despacho)}`);
      expect(
        rows.map((row) => Number(row.número)),
        despacho,
      ).toEqual(await staffIds({ dispatch: despacho }));
    }
    const { rows } = await exportOrders('?despacho=pendiente&q=otro%20cliente');
    expect(rows.map((row) => [row.número, row.despacho])).toEqual([
      [String(ids.neighbours), 'Por despachar'],
    ]);
  });
});
