// The one price function end to end (docs/decisions/062-most-favourable-price-wins.md): what a
// buyer sees in pricing.forMe is what the quote request stores and totals, the browser cannot
// lower it, rules end with their last day, and lines without stock join a quote holding none.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { orderItems, orders, products } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { renderQuotePdf } from '@server/pdf/quote-pdf';
import { priceLines } from '@server/services/pricing/pricing';
import { loadQuoteDocument } from '@server/services/orders/quote-document';
import { messages } from '@shared/messages';
import { sumOfLines } from '@shared/money';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { movableClock } from '../support/clock';
import { addRule, addTier, newCompany, setCompanyOf } from '../support/pricing';
import { stockOf } from '../support/quotes';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp();
// 2026-11-22 at noon in Montevideo: rules ending that day still apply until midnight there.
const clock = movableClock('2026-11-22T15:00:00Z');
let deps: AppDeps;
let member: SessionUser;
let stranger: SessionUser;
let admin: SessionUser;
let companyId: number;
let notebook: TestVariant;
let mouse: TestVariant;
let soldOut: TestVariant;
let brandOfNotebook: number;

beforeAll(async () => {
  deps = createTestDeps(world.db, { clock, env: { MAX_HELD_UNITS: '20' } });
  member = await createTestUser(deps, { fullName: 'Compras Acme' });
  stranger = await createTestUser(deps, { fullName: 'Otra Persona' });
  admin = await createTestUser(deps, { role: 'admin' });
  companyId = await newCompany(world.db);
  await setCompanyOf(world.db, member.customer!.id, companyId);
  notebook = (await createTestProduct(world.db, [{ stock: 50, price: '1000.00' }], 'Notebook'))[0]!;
  mouse = (await createTestProduct(world.db, [{ stock: 50, price: '10.05' }], 'Mouse'))[0]!;
  soldOut = (await createTestProduct(world.db, [{ stock: 0, price: '200.00' }], 'Monitor'))[0]!;
  const [product] = await world.db
    .select({ brandId: products.brandId, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, notebook!.productId));
  brandOfNotebook = product!.brandId;
  // The notebook's brand at 20 % until the store's today; the whole catalogue at 10 %; the
  // mouse at 5 % from 10 units for everyone.
  await addRule(world.db, {
    companyId,
    kind: 'brand',
    brandId: brandOfNotebook,
    percentOff: '20',
    endsOn: '2026-11-22',
  });
  await addRule(world.db, { companyId, kind: 'all', percentOff: '10' });
  await addTier(world.db, mouse!.id, 10, '5');
});

let keyCounter = 0;
const quote = (
  items: { variantId: number; quantity: number; backorder?: boolean }[],
  extra = {},
) => ({
  items,
  email: 'compras@acme.uy',
  idempotencyKey: `precios-${++keyCounter}-${Date.now()}`,
  ...extra,
});

const itemsOf = (orderId: number) =>
  world.db
    .select({
      variantId: orderItems.variantId,
      price: orderItems.price,
      listPrice: orderItems.listPrice,
      appliedRule: orderItems.appliedRule,
      isBackorder: orderItems.isBackorder,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.variantId);

describe('a buyer’s prices', () => {
  it('shows a member the most favourable price, and anyone else the list and tier prices', async () => {
    const lines = [
      { variantId: notebook!.id, quantity: 1 },
      { variantId: mouse!.id, quantity: 10 },
    ];
    const mine = await callerFor(deps, member).pricing.forMe({ lines });
    expect(mine).toEqual([
      {
        variantId: notebook!.id,
        quantity: 1,
        listPrice: '1000.00',
        unitPrice: '800.00',
        rule: { kind: 'brand', label: expect.stringMatching(/^Marca .*: 20 %$/) as string },
      },
      // 10.05 less 10 % (9.045 -> 9.05) beats 10.05 less 5 % (9.5475 -> 9.55).
      {
        variantId: mouse!.id,
        quantity: 10,
        listPrice: '10.05',
        unitPrice: '9.05',
        rule: { kind: 'all', label: 'Todo el catálogo: 10 %' },
      },
    ]);
    const theirs = await callerFor(deps, stranger).pricing.forMe({ lines });
    expect(theirs.map((line) => [line.unitPrice, line.rule?.kind ?? null])).toEqual([
      ['1000.00', null],
      ['9.55', 'tier'],
    ]);
  });

  it('stores and totals exactly what the price function answers for the session’s buyer', async () => {
    const items = [
      { variantId: notebook!.id, quantity: 2 },
      { variantId: mouse!.id, quantity: 12 },
    ];
    const expected = await priceLines(
      world.db,
      { customerId: member.customer!.id, companyId },
      items,
      clock.now(),
    );
    const total = sumOfLines(
      expected.map((line) => ({ price: line.unitPrice, quantity: line.quantity })),
    );
    const { id } = await callerFor(deps, member).orders.requestQuote(
      quote(items, { expectedTotal: total }),
    );
    const [order] = await world.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.totalAmount).toBe(total);
    expect(await itemsOf(id)).toEqual(
      expected.map((line) => ({
        variantId: line.variantId,
        price: line.unitPrice,
        listPrice: line.listPrice,
        appliedRule: line.rule,
        isBackorder: false,
        quantity: line.quantity,
      })),
    );
  });

  it('cannot be undercut by a price or total the browser sends', async () => {
    const before = await world.db.$count(orders);
    const sneaky = quote([{ variantId: notebook!.id, quantity: 1 }], {
      expectedTotal: '1.00',
    });
    // A price field on a line is not part of the input: it is dropped, never read.
    (sneaky.items[0] as Record<string, unknown>).price = '1.00';
    await expect(callerFor(deps, member).orders.requestQuote(sneaky)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.pricesChanged,
    });
    expect(await world.db.$count(orders)).toBe(before);

    delete (sneaky as { expectedTotal?: string }).expectedTotal;
    const { id } = await callerFor(deps, member).orders.requestQuote({
      ...sneaky,
      idempotencyKey: `${sneaky.idempotencyKey}-b`,
    });
    expect((await itemsOf(id))[0]!.price).toBe('800.00');
    // A customer of no company pays the list price, whatever the cart believed.
    const other = await callerFor(deps, stranger).orders.requestQuote(
      quote([{ variantId: notebook!.id, quantity: 1 }]),
    );
    expect((await itemsOf(other.id))[0]).toMatchObject({ price: '1000.00', appliedRule: null });
  });

  it('gives a former member list prices from the moment they leave', async () => {
    const former = await createTestUser(deps, { fullName: 'Ex Compras' });
    await setCompanyOf(world.db, former.customer!.id, companyId);
    const caller = callerFor(deps, former);
    const lines = [{ variantId: notebook!.id, quantity: 1 }];
    expect((await caller.pricing.forMe({ lines }))[0]!.unitPrice).toBe('800.00');
    // 'Salir de la empresa', as the account page does it.
    await caller.account.company.leave();
    expect((await caller.pricing.forMe({ lines }))[0]).toMatchObject({
      unitPrice: '1000.00',
      rule: null,
    });
    const { id } = await caller.orders.requestQuote(quote(lines));
    expect((await itemsOf(id))[0]).toMatchObject({ price: '1000.00', appliedRule: null });
  });

  it('ends a rule with its last day, in Montevideo’s calendar', async () => {
    const ask = () =>
      callerFor(deps, member).pricing.forMe({ lines: [{ variantId: notebook!.id, quantity: 1 }] });
    // 23:30 in Montevideo on the 22nd (02:30 UTC on the 23rd): still the rule's last day.
    clock.set('2026-11-23T02:30:00Z');
    expect((await ask())[0]!.unitPrice).toBe('800.00');
    // The 23rd: the brand's 20 % has ended, the catalogue's 10 % remains.
    clock.set('2026-11-23T03:30:00Z');
    expect((await ask())[0]).toMatchObject({ unitPrice: '900.00', rule: { kind: 'all' } });
    const { id } = await callerFor(deps, member).orders.requestQuote(
      quote([{ variantId: notebook!.id, quantity: 1 }]),
    );
    expect((await itemsOf(id))[0]!.price).toBe('900.00');
    clock.set('2026-11-22T15:00:00Z');
  });

  it('gives the revision editor the order customer’s prices', async () => {
    const { id } = await callerFor(deps, member).orders.requestQuote(
      quote([{ variantId: mouse!.id, quantity: 1 }]),
    );
    const prices = await callerFor(deps, admin).admin.orders.prices({
      orderId: id,
      lines: [{ variantId: notebook!.id, quantity: 3 }],
    });
    expect(prices[0]).toMatchObject({ listPrice: '1000.00', unitPrice: '800.00' });
    await expect(
      callerFor(deps, admin).admin.orders.prices({ orderId: 999_999, lines: [] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a line without stock (Consultar disponibilidad)', () => {
  it('joins the quote priced, holding no stock and counting for no cap', async () => {
    // Without the flag, the stock rules refuse it as always.
    await expect(
      callerFor(deps, stranger).orders.requestQuote(
        quote([{ variantId: soldOut!.id, quantity: 1 }]),
      ),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Stock insuficiente') as string,
    });
    // 30 units: past this suite's cap of 20 held units, which a backorder line does not count.
    const { id } = await callerFor(deps, stranger).orders.requestQuote(
      quote([
        { variantId: soldOut!.id, quantity: 30, backorder: true },
        { variantId: mouse!.id, quantity: 2 },
      ]),
    );
    expect(await stockOf(world.db, soldOut!.id)).toBe(0);
    const items = await itemsOf(id);
    expect(items.map((item) => [item.variantId, item.isBackorder, item.price])).toEqual([
      [mouse!.id, false, '10.05'],
      [soldOut!.id, true, '200.00'],
    ]);
    const detail = await callerFor(deps, stranger).account.orders.get({ id });
    expect(detail.items.find((item) => item.isBackorder)?.productName).toBe('Monitor');
  });

  it('is priced and dated by staff in the revision, still holding no stock', async () => {
    const mouseBefore = (await stockOf(world.db, mouse!.id))!;
    const { id } = await callerFor(deps, stranger).orders.requestQuote(
      quote([
        { variantId: soldOut!.id, quantity: 3, backorder: true },
        { variantId: mouse!.id, quantity: 1 },
      ]),
    );
    expect(await stockOf(world.db, mouse!.id)).toBe(mouseBefore - 1);
    const revision = await callerFor(deps, admin).admin.orders.sendRevision({
      orderId: id,
      lines: [
        {
          variantId: soldOut!.id,
          unitPrice: '180.00',
          quantity: 3,
          discountPercent: '0',
          isBackorder: true,
          expectedOn: '2027-01-15',
        },
        { variantId: mouse!.id, unitPrice: '10.05', quantity: 2, discountPercent: '0' },
      ],
      validUntil: '2099-12-31',
    });
    expect(revision.number).toBe(1);
    // The mouse holds one more unit; the monitor still none.
    expect(await stockOf(world.db, mouse!.id)).toBe(mouseBefore - 2);
    expect(await stockOf(world.db, soldOut!.id)).toBe(0);
    const detail = await callerFor(deps, stranger).account.orders.get({ id });
    expect(detail.revisions[0]!.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          variantId: soldOut!.id,
          isBackorder: true,
          expectedOn: '2027-01-15',
          amount: '540.00',
        }),
      ]),
    );
    // The quote's PDF says it too.
    const quoted = await loadQuoteDocument(deps, id, 1);
    const pdf = await renderQuotePdf(quoted!);
    const folder = mkdtempSync(path.join(tmpdir(), 'tienda-pdf-'));
    writeFileSync(path.join(folder, 'q.pdf'), pdf);
    const text = execFileSync('pdftotext', [path.join(folder, 'q.pdf'), '-'], { encoding: 'utf8' });
    // The product's column wraps the note; the words stay in order.
    expect(text.replace(/\s+/g, ' ')).toContain('Monitor Sin stock: entrega estimada 15/01/2027');
    // Cancelling gives back what is held, and nothing for the line that held nothing.
    await callerFor(deps, admin).admin.orders.setStatus({
      id,
      status: 'Cancelado',
      reason: 'El cliente ya no lo necesita',
    });
    expect(await stockOf(world.db, mouse!.id)).toBe(mouseBefore);
    expect(await stockOf(world.db, soldOut!.id)).toBe(0);
  });
});
