// The dashboard home's figures against a hand-built set of orders whose answers are known.
// "now" is fixed at 2026-06-15 12:00 in Montevideo (UTC-3), so day buckets are checkable.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { orderMessages, orderStatusHistory, orders, quoteRevisions } from '@server/db/schema';
import { dashboardSummary } from '@server/services/dashboard/stats';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct, insertOrderLine, type TestVariant } from './orders-fixtures';

const world = useTestApp();
let admin: SessionUser;
let customer: SessionUser;
let p1: TestVariant | undefined;
let p2: TestVariant | undefined;
const ids: Record<string, number> = {};

const NOW = new Date('2026-06-15T15:00:00Z');
const HOUR = 3_600_000;

type Spec = {
  key: string;
  at: string;
  status: string;
  total: string;
  item: [TestVariant, number];
  /** Hours after the request when an admin changed the status (the first staff answer). */
  answeredAfter?: number;
};

async function addOrder(spec: Spec) {
  const createdAt = new Date(spec.at);
  const [order] = await world.db
    .insert(orders)
    .values({
      customerId: customer.customer!.id,
      totalAmount: spec.total,
      status: spec.status,
      contactEmail: 'cliente@empresa.uy',
      createdAt,
    })
    .returning({ id: orders.id });
  ids[spec.key] = order!.id;
  const [variant, quantity] = spec.item;
  await insertOrderLine(world.db, order!.id, variant, quantity);
  await world.db.insert(orderStatusHistory).values({
    orderId: order!.id,
    fromStatus: null,
    toStatus: 'Cotización',
    changedBy: customer.user.id,
    changedAt: createdAt,
  });
  if (spec.answeredAfter !== undefined) {
    await world.db.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: 'Modificado',
      toStatus: spec.status,
      changedBy: admin.user.id,
      changedAt: new Date(createdAt.getTime() + spec.answeredAfter * HOUR),
    });
  }
}

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps);
  [p1] = await createTestProduct(world.db, [{ stock: 5, price: '100.00' }], 'Notebook Uno');
  [p2] = await createTestProduct(world.db, [{ stock: 6, price: '10.00' }], 'Mouse Dos');
  const specs: Spec[] = [
    {
      key: 'A',
      at: '2026-06-15T10:00:00Z',
      status: 'Concretado',
      total: '1000.50',
      item: [p1!, 3],
      answeredAfter: 2,
    },
    // 23:00 of June 13 in Montevideo, although already June 14 in UTC.
    { key: 'B', at: '2026-06-14T02:00:00Z', status: 'Cotización', total: '200.00', item: [p2!, 5] },
    {
      key: 'C',
      at: '2026-06-10T12:00:00Z',
      status: 'Cancelado',
      total: '300.00',
      item: [p1!, 1],
      answeredAfter: 4,
    },
    // June 8 in Montevideo: outside the last 7 days, inside the last 30.
    {
      key: 'D',
      at: '2026-06-09T02:00:00Z',
      status: 'Concretado',
      total: '50.00',
      item: [p2!, 10],
      answeredAfter: 10,
    },
    { key: 'E', at: '2026-01-10T15:00:00Z', status: 'Concretado', total: '400.00', item: [p1!, 2] },
    { key: 'F', at: '2025-06-01T15:00:00Z', status: 'Cotización', total: '20.00', item: [p2!, 1] },
    // Answered by the staff long ago and back in Cotización: not waiting.
    {
      key: 'G',
      at: '2024-01-01T15:00:00Z',
      status: 'Cotización',
      total: '20.00',
      item: [p2!, 1],
      answeredAfter: 1,
    },
  ];
  for (const spec of specs) await addOrder(spec);
});

const summary = (range: '7d' | '30d' | '12m', now = NOW, lowStock = 5) =>
  dashboardSummary(world.db, { range, lowStock }, now);

describe('dashboard figures', () => {
  it('counts the last 7 days by Montevideo days', async () => {
    const result = await summary('7d');
    expect(result).toMatchObject({
      requested: 3,
      concluded: 1,
      valueConcluded: '1000.50',
      medianAnswerSeconds: 3 * 3600,
      answeredCount: 2,
      unit: 'day',
    });
    expect(result.conversion).toBeCloseTo(1 / 3);
    expect(result.topProducts.map((row) => [row.name, row.quantity, Boolean(row.slug)])).toEqual([
      ['Mouse Dos', 5, true],
      ['Notebook Uno', 4, true],
    ]);
    expect(result.series.map((row) => row.period)).toEqual([
      '2026-06-09',
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
      '2026-06-13',
      '2026-06-14',
      '2026-06-15',
    ]);
    expect(result.series.map((row) => row.requested)).toEqual([0, 1, 0, 0, 1, 0, 1]);
    expect(result.series.map((row) => row.concluded)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(result.series[6]!.value).toBe('1000.50');
  });

  it('counts the last 30 days', async () => {
    const result = await summary('30d');
    expect(result).toMatchObject({
      requested: 4,
      concluded: 2,
      valueConcluded: '1050.50',
      medianAnswerSeconds: 4 * 3600,
      answeredCount: 3,
    });
    expect(result.conversion).toBe(0.5);
    expect(result.series).toHaveLength(30);
    expect(result.series.find((row) => row.period === '2026-06-08')).toMatchObject({
      requested: 1,
      concluded: 1,
      value: '50.00',
    });
    expect(result.topProducts.map((row) => [row.name, row.quantity])).toEqual([
      ['Mouse Dos', 15],
      ['Notebook Uno', 4],
    ]);
  });

  it('counts the last 12 months by month', async () => {
    const result = await summary('12m');
    expect(result).toMatchObject({
      requested: 5,
      concluded: 3,
      valueConcluded: '1450.50',
      unit: 'month',
    });
    expect(result.series).toHaveLength(12);
    expect(result.series[0]!.period).toBe('2025-07-01');
    expect(result.series[11]).toMatchObject({ period: '2026-06-01', requested: 4, concluded: 2 });
    expect(result.series[6]).toMatchObject({ period: '2026-01-01', requested: 1, value: '400.00' });
  });

  it('answers an empty range with zeros and no rate', async () => {
    const result = await summary('7d', new Date('2030-01-01T15:00:00Z'));
    expect(result).toMatchObject({
      requested: 0,
      concluded: 0,
      conversion: null,
      valueConcluded: '0',
      medianAnswerSeconds: null,
      answeredCount: 0,
      topProducts: [],
    });
    expect(result.series).toHaveLength(7);
    expect(result.series.every((row) => row.requested === 0 && row.value === '0')).toBe(true);
  });

  it('lists the quotes nobody answered, oldest first, and the low stock', async () => {
    const result = await summary('30d');
    expect(result.waiting.total).toBe(2);
    expect(result.waiting.items.map((row) => row.id)).toEqual([ids.F, ids.B]);
    expect(result.lowStock).toMatchObject({ threshold: 5, total: 1 });
    expect(result.lowStock.items[0]).toMatchObject({ productName: 'Notebook Uno', stock: 5 });
    const higher = await summary('30d', NOW, 6);
    expect(higher.lowStock.items.map((row) => row.productName)).toEqual([
      'Notebook Uno',
      'Mouse Dos',
    ]);
  });

  // Last: it adds quotes of March 2023, outside every range above but on the waiting list.
  it('takes a revision or a staff message as the first answer, not a customer message', async () => {
    const base = { status: 'Cotización', total: '10.00', item: [p2!, 1] as [TestVariant, number] };
    const requestedAt = {
      revised: '2023-03-10T15:00:00Z',
      staffWrote: '2023-03-11T15:00:00Z',
      customerWrote: '2023-03-09T15:00:00Z',
    };
    for (const [key, at] of Object.entries(requestedAt)) await addOrder({ ...base, key, at });
    const at = (key: keyof typeof requestedAt, hours: number) =>
      new Date(new Date(requestedAt[key]).getTime() + hours * HOUR);
    await world.db.insert(quoteRevisions).values({
      orderId: ids.revised!,
      number: 1,
      validUntil: '2023-03-25',
      subtotal: '10.00',
      tax: '0',
      total: '10.00',
      createdBy: admin.user.id,
      createdAt: at('revised', 6),
    });
    // A later message does not move the first answer back.
    for (const [key, role, hours] of [
      ['staffWrote', 'admin', 2],
      ['revised', 'admin', 30],
      ['customerWrote', 'customer', 1],
    ] as const) {
      await world.db.insert(orderMessages).values({
        orderId: ids[key]!,
        authorId: role === 'admin' ? admin.user.id : customer.user.id,
        authorRole: role,
        body: 'Hola',
        createdAt: at(key, hours),
      });
    }
    const result = await summary('7d', new Date('2023-03-12T15:00:00Z'));
    expect(result).toMatchObject({ requested: 3, answeredCount: 2, medianAnswerSeconds: 4 * 3600 });
    expect(result.waiting.total).toBe(3);
    expect(result.waiting.items.map((row) => row.id)).toEqual([ids.customerWrote, ids.F, ids.B]);
  });

  // Last: it adds quotes of February 2022, outside every range above.
  it('names the ten most requested products, ties at the tenth by name', async () => {
    const quantities: [string, number][] = [
      ...'ABCDEFGH'.split('').map((letter, i): [string, number] => [`Producto ${letter}`, 20 - i]),
      ['Producto L', 5],
      ['Producto K', 5],
      ['Producto J', 5],
    ];
    for (const [name, quantity] of quantities) {
      const [variant] = await createTestProduct(world.db, [{ stock: 50, price: '1.00' }], name);
      await addOrder({
        key: name,
        at: '2022-02-10T15:00:00Z',
        status: 'Cancelado',
        total: '1.00',
        item: [variant!, quantity],
      });
    }
    // A line of a product deleted since: no product any more, its snapshot name.
    await addOrder({
      key: 'deleted',
      at: '2022-02-11T15:00:00Z',
      status: 'Cancelado',
      total: '1.00',
      item: [p2!, 30],
    });
    await world.db.execute(sql`
      update order_items set product_id = null, variant_id = null, product_name = 'Producto Viejo'
      where order_id = ${ids.deleted!}`);
    const result = await summary('30d', new Date('2022-02-20T15:00:00Z'));
    expect(result.topProducts.map((row) => [row.name, row.quantity, Boolean(row.slug)])).toEqual([
      ['Producto Viejo', 30, false],
      ...quantities.slice(0, 8).map(([name, quantity]) => [name, quantity, true]),
      ['Producto J', 5, true],
    ]);
  });

  // Last: its variants at stock 1 and 2 come before every low stock of the tests above.
  // Ties are by product, oldest first, then by variant: read off an index, so the list costs
  // ten entries however many variants are low (docs/decisions/068-dashboard-rollups.md).
  it("lists the ten lowest stocks, a product's variants together, and counts them all", async () => {
    const stocks: [string, number][] = [
      ...'ABCDEFG'.split('').map((letter): [string, number] => [`Bajo ${letter}`, 1]),
      ['Bajo K', 2],
      ['Bajo J', 2],
      ['Bajo I', 2],
    ];
    for (const [name, stock] of stocks) {
      await createTestProduct(world.db, [{ stock, price: '1.00' }], name);
    }
    // Created last, yet its two variants at stock 1 come before every stock 2 (K, J, I), together.
    await createTestProduct(
      world.db,
      [
        { stock: 1, price: '1.00', storage: '1 TB' },
        { stock: 9, price: '1.00', storage: '2 TB' },
        { stock: 1, price: '1.00', storage: '4 TB' },
      ],
      'Bajo Doble',
    );
    // Variants added to older products afterwards sit with those products' (eleven at stock 1
    // now: the last by product is left out, not the newest variant).
    await world.db.execute(sql`
      insert into variants (product_id, price, stock, storage, color, color_name)
      select id, 1, 1, '2 TB', '#111111', 'Negro' from products where name in ('Bajo B', 'Bajo A')
      order by name desc`);
    const result = await summary('30d');
    expect(result.lowStock).toMatchObject({ total: 15, isTotalCapped: false });
    const low = (name: string, storage = '128 GB') => [name, 1, storage];
    expect(result.lowStock.items.map((row) => [row.productName, row.stock, row.storage])).toEqual([
      low('Bajo A'),
      low('Bajo A', '2 TB'),
      low('Bajo B'),
      low('Bajo B', '2 TB'),
      ...['C', 'D', 'E', 'F', 'G'].map((letter) => low(`Bajo ${letter}`)),
      low('Bajo Doble', '1 TB'),
    ]);
  });

  // Last: a thousand more variants at stock 0.
  it('stops counting low stock past a thousand', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 0, price: '1.00' }], 'Agotado');
    const atCap = async (extra: number) => {
      await world.db.execute(sql`
        insert into variants (product_id, price, stock, storage, color, color_name)
        select ${variant!.productId}, 1, 0, 'Extra ' || i, '#111111', 'Negro'
        from generate_series(1, ${extra}) i`);
      return (await summary('30d', NOW, 0)).lowStock;
    };
    // One variant at 0 so far; 999 more make a thousand, counted; one more is past the cap.
    expect(await atCap(999)).toMatchObject({ total: 1000, isTotalCapped: false });
    const capped = await atCap(1);
    expect(capped).toMatchObject({ total: 1000, isTotalCapped: true });
    expect(capped.items).toHaveLength(10);
    expect(capped.items[0]).toMatchObject({ productName: 'Agotado', stock: 0 });
  });

  it('is for admins only', async () => {
    await expect(callerFor(world.deps, customer).admin.dashboard.get({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const live = await callerFor(world.deps, admin).admin.dashboard.get({});
    expect(live.range).toBe('30d');
  });
});
