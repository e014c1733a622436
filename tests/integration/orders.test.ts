import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESK_PAGE_SIZE } from '@shared/staff-desk';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import {
  addresses,
  orderItems,
  orderStatusHistory,
  orders,
  outbox,
  products,
  quoteRequests,
  variants,
} from '@server/db/schema';
import { callerFor, createTestUser } from '../support/context';
import { quoteInput, stockOf } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();
let customer: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  customer = await createTestUser(world.deps, { fullName: 'Ana Cliente' });
  admin = await createTestUser(world.deps, { role: 'admin' });
});

async function countRows() {
  const db = world.db;
  return {
    orders: await db.$count(orders),
    items: await db.$count(orderItems),
    history: await db.$count(orderStatusHistory),
    quotes: await db.$count(quoteRequests),
    outbox: await db.$count(outbox),
    addresses: await db.$count(addresses),
  };
}

const issuesOf = (error: unknown) =>
  ((error as { cause?: { issues?: { message: string }[] } } | null)?.cause?.issues ?? []).map(
    (issue) => issue.message,
  );
const issueMessages = async (promise: Promise<unknown>) => issuesOf(await failureOf(promise));

/** The error a caller would get, or null when the call succeeded. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { message: string; code?: string }) => error,
  );

describe('orders.requestQuote', () => {
  it('creates the order from database prices with snapshots, history, inbox row and outbox', async () => {
    const [small, large] = await createTestProduct(
      world.db,
      [
        { stock: 5, price: '1299.50', storage: '256 GB', colorName: 'Gris' },
        { stock: 3, price: '10.10', storage: '512 GB', colorName: 'Azul' },
      ],
      'Notebook Prueba',
    );
    const caller = callerFor(world.deps, customer);
    const { id } = await caller.orders.requestQuote(
      quoteInput(
        [
          { variantId: small!.id, quantity: 2 },
          { variantId: large!.id, quantity: 3 },
        ],
        { phone: '099 111 222', message: 'Entrega en Montevideo' },
      ),
    );

    expect(await stockOf(world.db, small!.id)).toBe(3);
    expect(await stockOf(world.db, large!.id)).toBe(0);
    const [order] = await world.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      customerId: customer.customer!.id,
      status: 'Cotización',
      totalAmount: '2629.30',
      contactEmail: 'compras@empresa.uy',
      contactPhone: '099 111 222',
      addressId: null,
    });
    const items = await world.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(orderItems.variantId);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      variantId: small!.id,
      price: '1299.50',
      quantity: 2,
      productName: 'Notebook Prueba',
      colorName: 'Gris',
      storage: '256 GB',
    });
    expect(items[0]!.productImage).toMatch(/a-1200\.webp$/);

    const history = await world.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'Cotización',
        changedBy: customer.user.id,
      }),
    ]);
    const [inbox] = await world.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.orderId, id));
    expect(inbox).toMatchObject({
      email: 'compras@empresa.uy',
      phone: '099 111 222',
      message: 'Entrega en Montevideo',
      source: 'checkout',
      totalAmount: '2629.30',
      itemsText:
        'Notebook Prueba (256 GB / Gris) x 2 - US$ 1.299,50\nNotebook Prueba (512 GB / Azul) x 3 - US$ 10,10',
    });
    const queued = await world.db.select().from(outbox).where(eq(outbox.kind, 'quote'));
    expect(queued.at(-1)).toMatchObject({
      kind: 'quote',
      payload: {
        email: 'compras@empresa.uy',
        phone: '099 111 222',
        message: 'Entrega en Montevideo',
        source: 'checkout',
        totalAmount: '2629.30',
        items_text: inbox!.itemsText,
      },
    });
  });

  it('adds up repeated lines of one variant', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 4, price: '5.00' }]);
    const { id } = await callerFor(world.deps, customer).orders.requestQuote(
      quoteInput([
        { variantId: variant!.id, quantity: 1 },
        { variantId: variant!.id, quantity: 2 },
      ]),
    );
    const items = await world.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    expect(items).toEqual([expect.objectContaining({ quantity: 3 })]);
    expect(await stockOf(world.db, variant!.id)).toBe(1);
  });

  it('fails as a whole with "Stock insuficiente: {product}" and changes nothing', async () => {
    const [plenty] = await createTestProduct(world.db, [{ stock: 10, price: '1.00' }]);
    const [scarce] = await createTestProduct(
      world.db,
      [{ stock: 1, price: '2.00' }],
      'Monitor Escaso',
    );
    const before = await countRows();
    const error = await failureOf(
      callerFor(world.deps, customer).orders.requestQuote(
        quoteInput(
          [
            { variantId: plenty!.id, quantity: 4 },
            { variantId: scarce!.id, quantity: 2 },
          ],
          {
            address: {
              addressLine1: 'Av. Italia 1234',
              city: 'Montevideo',
              state: 'Montevideo',
              country: 'Uruguay',
            },
          },
        ),
      ),
    );
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'Stock insuficiente: Monitor Escaso',
    });
    expect(await stockOf(world.db, plenty!.id)).toBe(10);
    expect(await stockOf(world.db, scarce!.id)).toBe(1);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a variant that no longer exists, pointing the customer at the cart', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 3, price: '1.00' }]);
    const before = await countRows();
    const error = await failureOf(
      callerFor(world.deps, customer).orders.requestQuote(
        quoteInput([
          { variantId: variant!.id, quantity: 1 },
          { variantId: 987_654, quantity: 1 },
        ]),
      ),
    );
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Un producto del carrito ya no está disponible. Revisá el carrito.',
    });
    expect(await stockOf(world.db, variant!.id)).toBe(3);
    expect(await countRows()).toEqual(before);
  });

  it('creates nothing when the total the customer saw is not the current one', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '1199.00' }]);
    const items = [{ variantId: variant!.id, quantity: 2 }];
    const before = await countRows();
    const error = await failureOf(
      callerFor(world.deps, customer).orders.requestQuote(
        quoteInput(items, { expectedTotal: '2098.00' }),
      ),
    );
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'Los precios cambiaron. Revisá el nuevo total antes de enviar.',
    });
    expect(await stockOf(world.db, variant!.id)).toBe(5);
    expect(await countRows()).toEqual(before);

    const { id } = await callerFor(world.deps, customer).orders.requestQuote(
      quoteInput(items, { expectedTotal: '2398' }),
    );
    const [order] = await world.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.totalAmount).toBe('2398.00');
    expect(await stockOf(world.db, variant!.id)).toBe(3);
  });

  it('returns the first order for a repeated idempotency key, and stock moves once', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '3.00' }]);
    const input = quoteInput([{ variantId: variant!.id, quantity: 2 }]);
    const caller = callerFor(world.deps, customer);
    const first = await caller.orders.requestQuote(input);
    const [second, third] = await Promise.all([
      caller.orders.requestQuote(input),
      caller.orders.requestQuote(input),
    ]);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await stockOf(world.db, variant!.id)).toBe(3);
    expect(await world.db.$count(orders, eq(orders.idempotencyKey, input.idempotencyKey))).toBe(1);

    // The key is scoped to its customer: another customer's equal key is another order.
    const other = await createTestUser(world.deps);
    const theirs = await callerFor(world.deps, other).orders.requestQuote(input);
    expect(theirs.id).not.toBe(first.id);
    expect(await stockOf(world.db, variant!.id)).toBe(1);
  });

  it('stores the optional address for the customer and validates it when any field is filled', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '3.00' }]);
    const caller = callerFor(world.deps, customer);
    const blank = {
      addressLine1: ' ',
      addressLine2: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
    };
    const withoutAddress = await caller.orders.requestQuote(
      quoteInput([{ variantId: variant!.id, quantity: 1 }], { address: blank }),
    );
    expect((await caller.account.orders.get({ id: withoutAddress.id })).address).toBeNull();

    const partial = await failureOf(
      caller.orders.requestQuote(
        quoteInput([{ variantId: variant!.id, quantity: 1 }], {
          address: { ...blank, city: 'Montevideo', postalCode: '12345678901' },
        }),
      ),
    );
    expect(partial).toMatchObject({ code: 'BAD_REQUEST' });
    const texts = (
      partial as unknown as { cause: { issues: { message: string }[] } }
    ).cause.issues.map((issue) => issue.message);
    expect(texts).toEqual(
      expect.arrayContaining([
        'La dirección es requerida',
        'El estado es requerido',
        'El país es requerido',
        'El código postal no debe exceder los 10 caracteres',
      ]),
    );

    const withAddress = await caller.orders.requestQuote(
      quoteInput([{ variantId: variant!.id, quantity: 1 }], {
        address: {
          ...blank,
          addressLine1: 'Av. Italia 1234',
          city: 'Montevideo',
          state: 'Montevideo',
          country: 'Uruguay',
        },
      }),
    );
    const detail = await caller.account.orders.get({ id: withAddress.id });
    expect(detail.address).toEqual({
      addressLine1: 'Av. Italia 1234',
      addressLine2: null,
      city: 'Montevideo',
      state: 'Montevideo',
      postalCode: null,
      country: 'Uruguay',
    });
    const [stored] = await world.db
      .select({ customerId: addresses.customerId })
      .from(addresses)
      .innerJoin(orders, eq(orders.addressId, addresses.id))
      .where(eq(orders.id, withAddress.id));
    expect(stored!.customerId).toBe(customer.customer!.id);
  });

  it('rejects bad input with the Spanish messages and anonymous callers', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 5, price: '3.00' }]);
    const caller = callerFor(world.deps, customer);
    const items = [{ variantId: variant!.id, quantity: 1 }];
    // A caller sees zod's issues; over HTTP the error formatter sends the first one as message.
    expect(
      await issueMessages(caller.orders.requestQuote(quoteInput(items, { email: '' }))),
    ).toEqual(['Ingresá un correo válido']);
    await expect(
      caller.orders.requestQuote(quoteInput([{ variantId: variant!.id, quantity: 0 }])),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      caller.orders.requestQuote(quoteInput([{ variantId: variant!.id, quantity: 1.5 }])),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await issueMessages(caller.orders.requestQuote(quoteInput([])))).toEqual([
      'Tu carro está vacío',
    ]);
    await expect(
      callerFor(world.deps, null).orders.requestQuote(quoteInput(items)),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await stockOf(world.db, variant!.id)).toBe(5);
  });
});

describe('reading orders', () => {
  it('lets a customer read only their own orders, whatever id they probe', async () => {
    const owner = await createTestUser(world.deps, { fullName: 'Dueña' });
    const intruder = await createTestUser(world.deps, { fullName: 'Curioso' });
    const [variant] = await createTestProduct(world.db, [{ stock: 9, price: '7.25' }]);
    const ownerCaller = callerFor(world.deps, owner);
    const first = await ownerCaller.orders.requestQuote(
      quoteInput([{ variantId: variant!.id, quantity: 1 }]),
    );
    const second = await ownerCaller.orders.requestQuote(
      quoteInput([{ variantId: variant!.id, quantity: 2 }]),
    );

    const thankYou = await ownerCaller.orders.get({ id: second.id });
    expect(thankYou).toMatchObject({ id: second.id, customerName: 'Dueña', totalAmount: '14.50' });
    expect(thankYou.items).toEqual([
      expect.objectContaining({ quantity: 2, price: '7.25', lineTotal: '14.50' }),
    ]);

    const list = await ownerCaller.account.orders.list({ page: 1 });
    expect(list.total).toBe(2);
    expect(list.items.map((order) => order.id)).toEqual([second.id, first.id]);
    expect(Object.keys(list.items[0]!).sort()).toEqual([
      'createdAt',
      'fulfilmentStatus',
      'id',
      'status',
      'totalAmount',
    ]);

    const intruderCaller = callerFor(world.deps, intruder);
    expect((await intruderCaller.account.orders.list({ page: 1 })).total).toBe(0);
    // Another customer's order and one that does not exist answer alike: nothing to tell apart.
    const notFound = { code: 'NOT_FOUND', message: 'Orden no encontrada' };
    for (const id of [first.id, second.id, second.id + 1000, 1]) {
      await expect(intruderCaller.orders.get({ id })).rejects.toMatchObject(notFound);
      await expect(intruderCaller.account.orders.get({ id })).rejects.toMatchObject(notFound);
    }
    await expect(
      callerFor(world.deps, null).account.orders.list({ page: 1 }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(intruderCaller.admin.orders.get({ id: first.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // Admins read any order, for the thank-you page and the dashboard.
    expect(
      (await callerFor(world.deps, admin).admin.orders.get({ id: first.id })).customerName,
    ).toBe('Dueña');
  });

  it('keeps the snapshot when the variant and its product are deleted', async () => {
    const [variant] = await createTestProduct(
      world.db,
      [{ stock: 4, price: '99.90', storage: '1 TB', colorName: 'Plata' }],
      'Disco Efímero',
    );
    const caller = callerFor(world.deps, customer);
    const { id } = await caller.orders.requestQuote(
      quoteInput([{ variantId: variant!.id, quantity: 2 }]),
    );
    await world.db.delete(variants).where(eq(variants.id, variant!.id));
    await world.db.delete(products).where(eq(products.id, variant!.productId));

    const detail = await caller.account.orders.get({ id });
    expect(detail.totalAmount).toBe('199.80');
    expect(detail.items).toEqual([
      expect.objectContaining({
        variantId: null,
        productName: 'Disco Efímero',
        storage: '1 TB',
        colorName: 'Plata',
        price: '99.90',
        quantity: 2,
      }),
    ]);
    // Cancelling and reopening skip the line whose variant is gone.
    const adminCaller = callerFor(world.deps, admin);
    await adminCaller.admin.orders.setStatus({
      id,
      status: 'Cancelado',
      reason: 'Pedido duplicado',
    });
    await adminCaller.admin.orders.setStatus({ id, status: 'Concretado' });
    expect((await adminCaller.admin.orders.get({ id })).status).toBe('Concretado');
  });
});

describe('admin orders', () => {
  it('lists newest first with customer name and email, paginated and filtered by status', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 100, price: '1.00' }]);
    const buyer = await createTestUser(world.deps, { fullName: 'Comprador Lista' });
    const ids: number[] = [];
    for (let index = 0; index < 12; index++) {
      ids.push(
        (
          await callerFor(world.deps, buyer).orders.requestQuote(
            quoteInput([{ variantId: variant!.id, quantity: 1 }]),
          )
        ).id,
      );
    }
    const adminCaller = callerFor(world.deps, admin);
    await adminCaller.admin.orders.setStatus({ id: ids[0]!, status: 'Concretado' });

    const firstPage = await adminCaller.admin.orders.list({ page: 1 });
    expect(firstPage.pageCount).toBe(Math.ceil(firstPage.total / DEFAULT_DESK_PAGE_SIZE));
    expect(firstPage.items).toHaveLength(Math.min(firstPage.total, DEFAULT_DESK_PAGE_SIZE));
    expect(firstPage.total).toBe(await world.db.$count(orders));
    expect(firstPage.items[0]).toMatchObject({
      id: ids.at(-1),
      customerName: 'Comprador Lista',
      customerEmail: buyer.user.email,
      status: 'Cotización',
    });
    const dates = firstPage.items.map((order) => order.createdAt.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const done = await adminCaller.admin.orders.list({ page: 1, status: 'Concretado' });
    expect(done.items.map((order) => order.id)).toContain(ids[0]);
    expect(done.items.every((order) => order.status === 'Concretado')).toBe(true);
    expect(done.total).toBe(await world.db.$count(orders, eq(orders.status, 'Concretado')));
    await expect(callerFor(world.deps, buyer).admin.orders.list({ page: 1 })).rejects.toMatchObject(
      {
        code: 'FORBIDDEN',
      },
    );
  });

  it('returns stock on Cancelado, reserves it again when reopened, and records every change', async () => {
    const [first, second] = await createTestProduct(world.db, [
      { stock: 5, price: '10.00' },
      { stock: 2, price: '20.00' },
    ]);
    const { id } = await callerFor(world.deps, customer).orders.requestQuote(
      quoteInput([
        { variantId: first!.id, quantity: 3 },
        { variantId: second!.id, quantity: 2 },
      ]),
    );
    const adminCaller = callerFor(world.deps, admin);
    await adminCaller.admin.orders.setStatus({ id, status: 'Modificado' });
    expect([await stockOf(world.db, first!.id), await stockOf(world.db, second!.id)]).toEqual([
      2, 0,
    ]);

    await adminCaller.admin.orders.setStatus({
      id,
      status: 'Cancelado',
      reason: 'Pedido duplicado',
    });
    expect([await stockOf(world.db, first!.id), await stockOf(world.db, second!.id)]).toEqual([
      5, 2,
    ]);
    // Setting the same status again is not a change: the stock is not returned twice.
    await adminCaller.admin.orders.setStatus({
      id,
      status: 'Cancelado',
      reason: 'Pedido duplicado',
    });
    expect([await stockOf(world.db, first!.id), await stockOf(world.db, second!.id)]).toEqual([
      5, 2,
    ]);

    await adminCaller.admin.orders.setStatus({ id, status: 'Cotización' });
    expect([await stockOf(world.db, first!.id), await stockOf(world.db, second!.id)]).toEqual([
      2, 0,
    ]);

    await adminCaller.admin.orders.setStatus({
      id,
      status: 'Cancelado',
      reason: 'Pedido duplicado',
    });
    await world.db.update(variants).set({ stock: 1 }).where(eq(variants.id, second!.id));
    const refusal: unknown = await adminCaller.admin.orders
      .setStatus({ id, status: 'Concretado' })
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'CONFLICT' });
    expect((refusal as Error).message).toMatch(/^Stock insuficiente/);
    expect([await stockOf(world.db, first!.id), await stockOf(world.db, second!.id)]).toEqual([
      5, 1,
    ]);

    const detail = await adminCaller.admin.orders.get({ id });
    expect(detail.status).toBe('Cancelado');
    expect(detail.history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
      [null, 'Cotización'],
      ['Cotización', 'Modificado'],
      ['Modificado', 'Cancelado'],
      ['Cancelado', 'Cotización'],
      ['Cotización', 'Cancelado'],
    ]);
    expect(detail.history[1]).toMatchObject({ changedByEmail: admin.user.email });
    expect(detail.history[0]).toMatchObject({ changedByName: 'Ana Cliente' });
    expect(detail.history[1]!.changedAt).toBeInstanceOf(Date);
  });

  it('refuses unknown orders and statuses, changing nothing', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 3, price: '10.00' }]);
    const { id } = await callerFor(world.deps, customer).orders.requestQuote(
      quoteInput([{ variantId: variant!.id, quantity: 1 }]),
    );
    const adminCaller = callerFor(world.deps, admin);
    const before = await countRows();
    await expect(
      adminCaller.admin.orders.setStatus({ id: 999_999, status: 'Cancelado', reason: 'x' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Orden no encontrada' });
    await expect(
      adminCaller.admin.orders.setStatus({ id, status: 'Pagado' as never }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await countRows()).toEqual(before);
    const [order] = await world.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id));
    expect(order?.status).toBe('Cotización');
    expect(await stockOf(world.db, variant!.id)).toBe(2);
  });
});
