// The quote forwarding of docs/decisions/016-quotes-and-messages-stored-then-forwarded.md,
// against a real HTTP server on loopback.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import { orders, outbox } from '@server/db/schema';
import { createTestDeps, createTestUser } from '../support/context';
import { requestQuote } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

type Reply = { status: number; body: string };

/** A form service double: answers each POST with the next scripted reply and keeps the bodies. */
class FormService {
  received: unknown[] = [];
  replies: Reply[] = [];
  private waiters: (() => void)[] = [];
  private server: Server = createServer((request, response) => void this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/f/quote`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Resolves once `count` requests have arrived in total. */
  waitFor(count: number) {
    return new Promise<void>((resolve) => {
      const check = () => (this.received.length >= count ? resolve() : this.waiters.push(check));
      check();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    this.received.push({
      method: request.method,
      contentType: request.headers['content-type'],
      json: JSON.parse(body) as unknown,
    });
    const reply = this.replies.shift() ?? { status: 200, body: '{"ok":true}' };
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    const waiting = this.waiters.splice(0);
    for (const waiter of waiting) waiter();
  }
}

const service = new FormService();
const world = useTestApp({ formEndpoint: () => service.start() });
let customer: SessionUser;
let variant: TestVariant;

beforeAll(async () => {
  customer = await createTestUser(world.deps);
  [variant] = (await createTestProduct(
    world.db,
    [{ stock: 100, price: '250.00', storage: '8 GB', colorName: 'Negro' }],
    'Router Prueba',
  )) as [TestVariant];
});
afterEach(async () => {
  await world.deps.outbox.stop();
  service.received = [];
  service.replies = [];
  await world.db.delete(outbox).where(sql`true`);
});
afterAll(() => service.stop());

const requestTwoRouters = () =>
  requestQuote(world.deps, customer, [{ variantId: variant.id, quantity: 2 }], {
    phone: '099 000 111',
    message: 'Cotizar con instalación',
  });

const outboxRows = () => world.db.select().from(outbox).orderBy(outbox.id);

const expectedBody = {
  email: 'compras@empresa.uy',
  phone: '099 000 111',
  message: 'Cotizar con instalación',
  source: 'checkout',
  totalAmount: '500.00',
  items_text: 'Router Prueba (8 GB / Negro) x 2 - US$ 250,00',
};

describe('quote forwarding', () => {
  it('is delivered by the running worker after commit as the documented JSON body', async () => {
    await world.deps.outbox.start();
    await requestTwoRouters();
    await service.waitFor(1);
    expect(service.received).toEqual([
      { method: 'POST', contentType: 'application/json', json: expectedBody },
    ]);
    await expect.poll(async () => (await outboxRows())[0]?.deliveredAt).toBeInstanceOf(Date);
    expect((await outboxRows())[0]).toMatchObject({ attempts: 1, lastError: null });
  });

  it('retries with back-off after a failure and never touches the order', async () => {
    service.replies = [
      { status: 502, body: 'Bad gateway' },
      { status: 200, body: '{"errors":[{"field":"email","message":"inválido"}]}' },
    ];
    const { id } = await requestTwoRouters();

    const failedAt = Date.now();
    expect(await world.deps.outbox.deliverDue()).toBe(0);
    let [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'HTTP 502' });
    // First retry one second later; not due yet, so nothing is sent now.
    expect(row!.nextAttemptAt!.getTime() - failedAt).toBeGreaterThan(800);
    expect(row!.nextAttemptAt!.getTime() - failedAt).toBeLessThan(2_500);
    expect(await world.deps.outbox.deliverDue()).toBe(0);
    expect(service.received).toHaveLength(1);

    // A 200 whose body lists errors is a failure too; the delay doubles.
    await world.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, row!.id));
    const secondAt = Date.now();
    expect(await world.deps.outbox.deliverDue()).toBe(0);
    [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 2, deliveredAt: null });
    expect(row!.lastError).toMatch(/^Form service errors/);
    expect(row!.nextAttemptAt!.getTime() - secondAt).toBeGreaterThan(1_800);
    expect(row!.nextAttemptAt!.getTime() - secondAt).toBeLessThan(3_500);

    await world.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, row!.id));
    expect(await world.deps.outbox.deliverDue()).toBe(1);
    [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    expect(service.received).toHaveLength(3);
    for (const request of service.received) expect(request).toMatchObject({ json: expectedBody });

    const [order] = await world.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id));
    expect(order!.status).toBe('Cotización');
  });

  it('creates the order even when the endpoint is unreachable', async () => {
    const offline = createTestDeps(world.db, { formEndpoint: 'http://127.0.0.1:9/nadie' });
    await offline.outbox.start();
    const { id } = await requestQuote(offline, customer, [{ variantId: variant.id, quantity: 1 }]);
    expect(id).toBeGreaterThan(0);
    await expect.poll(async () => (await outboxRows())[0]?.attempts).toBe(1);
    await offline.outbox.stop();
    const [row] = await outboxRows();
    expect(row).toMatchObject({ deliveredAt: null });
    expect(row?.payload).toMatchObject({ phone: '', message: '' });
  });
});
