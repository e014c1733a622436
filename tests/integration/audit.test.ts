// Every kind of admin change leaves exactly one activity entry with the right before/after,
// written in the change's transaction: a change that fails leaves none.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@server/auth/session';
import { auditLog, orderItems, orders, variants } from '@server/db/schema';
import { createPost, updatePost } from '@server/services/content/blog';
import { saveProduct } from '@server/services/catalog/product-save';
import type { ProductInput } from '@shared/schemas/product';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();
let admin: SessionUser;
let customer: SessionUser;
let lastSeenId = 0;

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps);
});

beforeEach(async () => {
  const [row] = await world.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  lastSeenId = row?.id ?? 0;
});

/** The entries written since the test began, oldest first. */
async function newEntries() {
  const rows = await world.db.select().from(auditLog).orderBy(auditLog.id);
  return rows.filter((row) => row.id > lastSeenId);
}

const adminCaller = () => callerFor(world.deps, admin);

async function productInput(productId: number, price: number): Promise<ProductInput> {
  const detail = await adminCaller().admin.products.list({ page: 1 });
  const product = detail.items.find((item) => item.id === productId)!;
  const full = await adminCaller().admin.products.get({ slug: product.slug });
  return {
    name: full.name,
    slug: full.slug,
    brandId: full.brandId,
    categoryId: full.categoryId,
    features: full.features,
    description: full.description as ProductInput['description'],
    images: full.images.map((url) => ({ url })),
    variants: full.variants.map((variant) => ({
      id: variant.id,
      stockRead: variant.stock,
      stock: variant.stock,
      price: price.toFixed(2),
      storage: variant.storage,
      color: variant.color,
      colorName: variant.colorName,
    })),
  };
}

describe('activity log', () => {
  it('records a product price change, with the variant before and after', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 4, price: '100.00' }], 'Tablet');
    const input = await productInput(variant!.productId, 120.5);
    await saveProduct(world.deps, variant!.productId, input, [], { userId: admin.user.id });
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: admin.user.id,
      userEmail: admin.user.email,
      entityType: 'product',
      entityId: String(variant!.productId),
      action: 'update',
      label: 'Tablet',
      changes: {
        'variant:128 GB / Negro': {
          before: { price: '100.00', stock: 4, color: '#111111' },
          after: { price: '120.50', stock: 4, color: '#111111' },
        },
      },
    });
  });

  it('leaves no entry when a product save fails on a changed stock', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 4, price: '100.00' }], 'Radio');
    const input = await productInput(variant!.productId, 130);
    await world.db.update(variants).set({ stock: 3 }).where(eq(variants.id, variant!.id));
    await expect(
      saveProduct(world.deps, variant!.productId, input, [], { userId: admin.user.id }),
    ).rejects.toThrow();
    expect(await newEntries()).toEqual([]);
  });

  it('records a product delete with what it was', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 1, price: '9.00' }], 'Cable');
    await adminCaller().admin.products.delete({ id: variant!.productId });
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: 'product', action: 'delete', label: 'Cable' });
    expect(entries[0]!.changes.name).toEqual({ before: 'Cable', after: null });
  });

  it('records taxonomy changes, and nothing for a refused rename', async () => {
    const created = await adminCaller().admin.taxonomies.create({ kind: 'brand', name: 'Acme' });
    await adminCaller().admin.taxonomies.create({ kind: 'brand', name: 'Zeta' });
    await adminCaller().admin.taxonomies.update({ kind: 'brand', id: created.id, name: 'Acmé' });
    await expect(
      adminCaller().admin.taxonomies.update({ kind: 'brand', id: created.id, name: 'zeta' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await adminCaller().admin.taxonomies.delete({ kind: 'brand', id: created.id });
    const entries = await newEntries();
    expect(entries.map((row) => [row.action, row.label, row.changes])).toEqual([
      ['create', 'Acme', { name: { before: null, after: 'Acme' } }],
      ['create', 'Zeta', { name: { before: null, after: 'Zeta' } }],
      ['update', 'Acmé', { name: { before: 'Acme', after: 'Acmé' } }],
      ['delete', 'Acmé', { name: { before: 'Acmé', after: null } }],
    ]);
  });

  it('records an order status change, and nothing when the change is refused', async () => {
    const [variant] = await createTestProduct(world.db, [{ stock: 0, price: '5.00' }]);
    const [order] = await world.db
      .insert(orders)
      .values({
        customerId: customer.customer!.id,
        totalAmount: '5.00',
        status: 'Cancelado',
        contactEmail: 'c@empresa.uy',
      })
      .returning({ id: orders.id });
    await world.db.insert(orderItems).values({
      orderId: order!.id,
      variantId: variant!.id,
      productId: variant!.productId,
      price: '5.00',
      quantity: 1,
      productName: variant!.productName,
      colorName: 'Negro',
      storage: '128 GB',
    });
    // Leaving Cancelado needs the stock again, and there is none.
    await expect(
      adminCaller().admin.orders.setStatus({ id: order!.id, status: 'Cotización' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await newEntries()).toEqual([]);
    await world.db.update(variants).set({ stock: 1 }).where(eq(variants.id, variant!.id));
    await adminCaller().admin.orders.setStatus({ id: order!.id, status: 'Cotización' });
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: 'order',
      entityId: String(order!.id),
      action: 'status',
      changes: { status: { before: 'Cancelado', after: 'Cotización' } },
    });
  });

  it('records blog post create, update, status and delete', async () => {
    const post = await createPost(
      world.deps,
      { title: 'Novedades', content: 'Texto', status: 'draft' },
      admin.user.id,
    );
    await updatePost(
      world.deps,
      post.id,
      { title: 'Novedades 2', content: 'Texto', status: 'draft' },
      admin.user.id,
    );
    await adminCaller().admin.blog.setStatus({ id: post.id, status: 'published' });
    await adminCaller().admin.blog.delete({ id: post.id });
    const entries = await newEntries();
    expect(entries.map((row) => [row.entityType, row.action, row.changes])).toEqual([
      [
        'post',
        'create',
        {
          title: { before: null, after: 'Novedades' },
          content: { before: null, after: 'Texto' },
          status: { before: null, after: 'draft' },
        },
      ],
      ['post', 'update', { title: { before: 'Novedades', after: 'Novedades 2' } }],
      ['post', 'status', { status: { before: 'draft', after: 'published' } }],
      [
        'post',
        'delete',
        {
          title: { before: 'Novedades 2', after: null },
          content: { before: 'Texto', after: null },
          status: { before: 'published', after: null },
        },
      ],
    ]);
  });

  it('refuses to edit or delete an entry, even in SQL', async () => {
    await adminCaller().admin.taxonomies.create({ kind: 'category', name: 'Redes' });
    await expect(world.db.execute(sql`update audit_log set label = 'x'`)).rejects.toThrow();
    await expect(world.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await newEntries()).toHaveLength(1);
  });

  it('lists newest first, 20 a page, filtered by type and admin, for admins only', async () => {
    for (let i = 0; i < 21; i++) {
      await adminCaller().admin.taxonomies.create({ kind: 'category', name: `Cat ${i}` });
    }
    const first = await adminCaller().admin.activity.list({ page: 1 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.label).toBe('Cat 20');
    const categoriesOnly = await adminCaller().admin.activity.list({
      page: 1,
      entityType: 'order',
    });
    expect(categoriesOnly.items.every((row) => row.entityType === 'order')).toBe(true);
    expect(categoriesOnly.total).toBe(1);
    const other = await createTestUser(world.deps, { role: 'admin' });
    const byOther = await adminCaller().admin.activity.list({ page: 1, userId: other.user.id });
    expect(byOther.total).toBe(0);
    const authors = await adminCaller().admin.activity.authors();
    expect(authors.map((row) => row.id)).toContain(other.user.id);
    await expect(
      callerFor(world.deps, customer).admin.activity.list({ page: 1 }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
