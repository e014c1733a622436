// The buyer's shortcuts: the quick order by SKU, 'Volver a pedir', purchase lists,
// and staff's company price rules with their activity log.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import {
  auditLog,
  companies,
  companyPriceRules,
  products,
  purchaseLists,
  variants,
} from '@server/db/schema';
import { messages } from '@shared/messages';
import { QUOTE_MAX_QUANTITY } from '@shared/schemas/order';
import { movableClock } from '../support/clock';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { addRule, newCompany, setCompanyOf, skuOf } from '../support/pricing';
import { useTestApp } from '../support/test-app';
import { createTestProduct, type TestVariant } from './orders-fixtures';

const world = useTestApp();
let buyer: SessionUser;
let other: SessionUser;
let admin: SessionUser;
let companyId: number;
let cable: TestVariant;
let hub: TestVariant;
let cableSku: string;

beforeAll(async () => {
  buyer = await createTestUser(world.deps);
  other = await createTestUser(world.deps);
  admin = await createTestUser(world.deps, { role: 'admin' });
  companyId = await newCompany(world.db);
  await setCompanyOf(world.db, buyer.customer!.id, companyId);
  cable = (await createTestProduct(world.db, [{ stock: 5, price: '20.00' }], 'Cable USB-C'))[0]!;
  hub = (await createTestProduct(world.db, [{ stock: 0, price: '80.00' }], 'Hub'))[0]!;
  cableSku = await skuOf(world.db, cable!.id);
  await addRule(world.db, {
    companyId,
    kind: 'variant',
    variantId: cable!.id,
    fixedPrice: '15.00',
  });
});

describe('quickOrder.resolve', () => {
  it('finds SKUs whatever their case, at the buyer’s price, and names the unknown ones', async () => {
    const answer = await callerFor(world.deps, buyer).quickOrder.resolve({
      lines: [
        { sku: cableSku.toLowerCase(), quantity: 3 },
        { sku: 'NO-EXISTE-999', quantity: 1 },
        { sku: await skuOf(world.db, hub!.id), quantity: 2 },
      ],
    });
    expect(answer.notFound).toEqual(['NO-EXISTE-999']);
    expect(answer.lines).toEqual([
      expect.objectContaining({
        variantId: cable!.id,
        sku: cableSku,
        quantity: 3,
        listPrice: '20.00',
        unitPrice: '15.00',
        rule: { kind: 'variant', label: 'Precio acordado' },
        stock: 5,
        productName: 'Cable USB-C',
      }),
      expect.objectContaining({ variantId: hub!.id, quantity: 2, stock: 0, unitPrice: '80.00' }),
    ]);
  });

  it('adds two spellings of one SKU into one line of at most a quote line’s quantity', async () => {
    const answer = await callerFor(world.deps, buyer).quickOrder.resolve({
      lines: [
        { sku: cableSku.toLowerCase(), quantity: QUOTE_MAX_QUANTITY - 1 },
        { sku: cableSku, quantity: 2 },
      ],
    });
    expect(answer.lines).toEqual([
      expect.objectContaining({ variantId: cable!.id, quantity: QUOTE_MAX_QUANTITY }),
    ]);
  });

  it('refuses an empty order with the schema’s message', async () => {
    await expect(
      callerFor(world.deps, buyer).quickOrder.resolve({ lines: [] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Escribí al menos un SKU') as string,
    });
  });
});

describe('orders.reorder', () => {
  it('answers the order’s lines at today’s prices, naming deleted ones; another’s is NOT_FOUND', async () => {
    const gone = (
      await createTestProduct(world.db, [{ stock: 4, price: '5.00' }], 'Adaptador')
    )[0]!;
    const { id } = await callerFor(world.deps, buyer).orders.requestQuote({
      items: [
        { variantId: cable!.id, quantity: 2 },
        { variantId: gone.id, quantity: 1 },
      ],
      email: 'compras@acme.uy',
      idempotencyKey: `reorder-${Date.now()}`,
    });
    await world.db.delete(products).where(eq(products.id, gone.productId));
    await world.db.update(variants).set({ price: '22.00' }).where(eq(variants.id, cable!.id));
    // The fixed price holds whatever the list price does.
    const again = await callerFor(world.deps, buyer).orders.reorder({ id });
    expect(again.unavailable).toEqual(['Adaptador']);
    expect(again.lines).toEqual([
      expect.objectContaining({
        variantId: cable!.id,
        quantity: 2,
        listPrice: '22.00',
        unitPrice: '15.00',
      }),
    ]);
    // The fixed price is what the order had too: nothing to say about prices.
    expect(again.priceChanges).toEqual([]);
    await expect(callerFor(world.deps, other).orders.reorder({ id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('lists', () => {
  it('saves the cart under a name, lists and reads it back priced, and deletes it', async () => {
    const caller = callerFor(world.deps, buyer);
    const saved = await caller.lists.create({
      name: 'Oficina mensual',
      items: [
        { variantId: hub!.id, quantity: 1 },
        { variantId: cable!.id, quantity: 4 },
      ],
    });
    await expect(
      caller.lists.create({
        name: 'oficina MENSUAL',
        items: [{ variantId: hub!.id, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: messages.purchaseListNameTaken });
    expect(await caller.lists.list()).toEqual([
      expect.objectContaining({ id: saved.id, name: 'Oficina mensual', itemCount: 2 }),
    ]);
    const list = await caller.lists.get({ listId: saved.id });
    // In the order they were saved, at the buyer's price of today.
    expect(list.lines.map((line) => [line.variantId, line.quantity, line.unitPrice])).toEqual([
      [hub!.id, 1, '80.00'],
      [cable!.id, 4, '15.00'],
    ]);

    // Someone else's list does not exist for them, to read or to delete.
    const stranger = callerFor(world.deps, other);
    expect(await stranger.lists.list()).toEqual([]);
    await expect(stranger.lists.get({ listId: saved.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.purchaseListNotFound,
    });
    await expect(stranger.lists.delete({ listId: saved.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    await caller.lists.delete({ listId: saved.id });
    expect(await caller.lists.list()).toEqual([]);
  });

  it('shares a list with the company’s members while both of them belong to it', async () => {
    const colleague = await createTestUser(world.deps, { fullName: 'Colega Compras' });
    await setCompanyOf(world.db, colleague.customer!.id, companyId);
    const owner = callerFor(world.deps, buyer);
    const mate = callerFor(world.deps, colleague);
    const saved = await owner.lists.create({
      name: 'Compartida',
      items: [{ variantId: cable!.id, quantity: 2 }],
    });
    expect(await mate.lists.list()).toEqual([
      expect.objectContaining({ id: saved.id, savedBy: buyer.customer!.fullName, isOwn: false }),
    ]);
    // Read at the reader's own prices: the company's fixed 15.00.
    expect((await mate.lists.get({ listId: saved.id })).lines[0]!.unitPrice).toBe('15.00');
    // Only its owner deletes it; a customer of no company never sees it.
    await expect(mate.lists.delete({ listId: saved.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await callerFor(world.deps, other).lists.list()).toEqual([]);

    // The colleague leaves: the list is gone for them at once.
    await mate.account.company.leave();
    expect(await mate.lists.list()).toEqual([]);
    await expect(mate.lists.get({ listId: saved.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // Back in, they read it again; its owner leaves, and it is the owner's alone.
    await setCompanyOf(world.db, colleague.customer!.id, companyId);
    expect(await mate.lists.list()).toHaveLength(1);
    await setCompanyOf(world.db, buyer.customer!.id, null);
    expect(await mate.lists.list()).toEqual([]);
    expect(await owner.lists.list()).toEqual([
      expect.objectContaining({ id: saved.id, isOwn: true }),
    ]);
    await setCompanyOf(world.db, buyer.customer!.id, companyId);
    await owner.lists.delete({ listId: saved.id });
  });
});

describe('a deleted company', () => {
  it('takes its price rules along and leaves its members’ lists to their owners', async () => {
    const gone = await newCompany(world.db, 'Cerrada S.A.');
    const owner = await createTestUser(world.deps);
    await setCompanyOf(world.db, owner.customer!.id, gone);
    await addRule(world.db, { companyId: gone, kind: 'all', percentOff: '7' });
    const list = await callerFor(world.deps, owner).lists.create({
      name: 'De la empresa',
      items: [{ variantId: cable!.id, quantity: 1 }],
    });
    await world.db.delete(companies).where(eq(companies.id, gone));
    expect(await world.db.$count(companyPriceRules, eq(companyPriceRules.companyId, gone))).toBe(0);
    const [kept] = await world.db
      .select({ companyId: purchaseLists.companyId })
      .from(purchaseLists)
      .where(eq(purchaseLists.id, list.id));
    expect(kept).toEqual({ companyId: null });
    expect(await callerFor(world.deps, owner).lists.list()).toEqual([
      expect.objectContaining({ id: list.id, isOwn: true }),
    ]);
  });
});

describe('admin.priceRules', () => {
  it('adds each kind of rule with its fields, logs it, and removes it', async () => {
    const target = await newCompany(world.db, 'Distribuidora Norte S.A.');
    // 2026-11-22 in Montevideo: a rule may end that day, not the one before.
    const deps = createTestDeps(world.db, { clock: movableClock('2026-11-22T15:00:00Z') });
    const staff = callerFor(deps, admin);
    const [product] = await world.db
      .select({ brandId: products.brandId, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, hub!.productId));
    const brandRule = await staff.admin.priceRules.create({
      companyId: target,
      kind: 'brand',
      brandId: product!.brandId,
      percentOff: '12,5',
      endsOn: '2027-03-31',
    });
    expect(brandRule).toMatchObject({ kind: 'brand', percentOff: '12.50', endsOn: '2027-03-31' });
    const fixed = await staff.admin.priceRules.create({
      companyId: target,
      kind: 'variant',
      sku: cableSku.toLowerCase(),
      fixedPrice: '14.90',
    });
    expect(fixed).toMatchObject({ variantId: cable!.id, fixedPrice: '14.90' });
    expect(fixed.targetName).toContain(cableSku);
    expect((await staff.admin.priceRules.list({ companyId: target })).map((r) => r.id)).toEqual([
      brandRule.id,
      fixed.id,
    ]);

    // The fields of its kind are required, and a SKU must exist.
    await expect(
      // @ts-expect-error: a category rule without its category, as a hand-made request sends it
      staff.admin.priceRules.create({ companyId: target, kind: 'category', percentOff: '5' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Elegí una categoría') as string,
    });
    await expect(
      staff.admin.priceRules.create({ companyId: target, kind: 'all', percentOff: '100' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      staff.admin.priceRules.create({
        companyId: target,
        kind: 'variant',
        sku: 'NO-EXISTE',
        fixedPrice: '1',
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.priceRuleSkuUnknown,
      cause: { issues: [expect.objectContaining({ path: ['sku'] })] },
    });
    // Typed the Uruguayan way; the money parser refuses what could mean two amounts.
    await expect(
      staff.admin.priceRules.create({ companyId: target, kind: 'all', percentOff: '1.234,5' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      staff.admin.priceRules.create({
        companyId: target,
        kind: 'variant',
        sku: cableSku,
        fixedPrice: '1,200.50',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    await staff.admin.priceRules.delete({ id: brandRule.id });
    expect((await staff.admin.priceRules.list({ companyId: target })).map((r) => r.id)).toEqual([
      fixed.id,
    ]);
    const entries = await world.db
      .select({ action: auditLog.action, changes: auditLog.changes, label: auditLog.label })
      .from(auditLog)
      // The entity is the company: its page lists the rules (the activity page links there).
      .where(and(eq(auditLog.entityType, 'priceRule'), eq(auditLog.entityId, String(target))))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      {
        action: 'create',
        label: 'Distribuidora Norte S.A.',
        changes: {
          rule: {
            before: null,
            after: expect.stringMatching(/^Marca .*: 12,5 %, hasta el 31\/03\/2027$/) as string,
          },
        },
      },
      {
        action: 'create',
        label: 'Distribuidora Norte S.A.',
        changes: {
          rule: {
            before: null,
            after: expect.stringContaining('Precio acordado US$ 14,90') as string,
          },
        },
      },
      {
        action: 'delete',
        label: 'Distribuidora Norte S.A.',
        changes: { rule: { before: expect.stringMatching(/^Marca /) as string, after: null } },
      },
    ]);
    await expect(staff.admin.priceRules.delete({ id: brandRule.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // The last day is Montevideo's: the 21st has passed, the 22nd is still today.
    await expect(
      staff.admin.priceRules.create({
        companyId: target,
        kind: 'all',
        percentOff: '3',
        endsOn: '2026-11-21',
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.priceRuleEndsInPast,
      cause: { issues: [expect.objectContaining({ path: ['endsOn'] })] },
    });
    const lastDay = await staff.admin.priceRules.create({
      companyId: target,
      kind: 'all',
      percentOff: '3',
      endsOn: '2026-11-22',
    });
    expect(lastDay.endsOn).toBe('2026-11-22');
  });

  it('refuses a rule for a company that does not exist, writing nothing', async () => {
    const staff = callerFor(world.deps, admin);
    const before = await world.db.$count(auditLog, eq(auditLog.entityType, 'priceRule'));
    await expect(
      staff.admin.priceRules.create({ companyId: 999_999, kind: 'all', percentOff: '5' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: messages.companyNotFoundStaff });
    expect(await staff.admin.priceRules.list({ companyId: 999_999 })).toEqual([]);
    expect(await world.db.$count(auditLog, eq(auditLog.entityType, 'priceRule'))).toBe(before);
  });
});
