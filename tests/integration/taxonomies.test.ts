import { beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products } from '@server/db/schema';
import type { SessionUser } from '@server/auth/session';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let admin: SessionUser;
let customer: SessionUser;

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
  customer = await createTestUser(world.deps);
});

const adminCaller = () => callerFor(world.deps, admin).admin.taxonomies;

describe('brands and categories', () => {
  it('adds trimmed names and lists them by name with their product count', async () => {
    await adminCaller().create({ kind: 'brand', name: '  Zeta  ' });
    const created = await adminCaller().create({ kind: 'brand', name: 'Acme' });
    expect(created.name).toBe('Acme');
    const list = await adminCaller().list({ kind: 'brand' });
    expect(list.items.map((item) => item.name)).toEqual(['Acme', 'Zeta']);
    expect(list.items[0]).toMatchObject({ productCount: 0 });
    expect(list.total).toBe(2);
  });

  it('refuses a blank name and a duplicate whatever its case', async () => {
    const blank: unknown = await adminCaller()
      .create({ kind: 'category', name: '   ' })
      .catch((error: unknown) => error);
    expect(blank).toMatchObject({ code: 'BAD_REQUEST' });
    const issues = (blank as { cause?: { issues?: { message: string }[] } }).cause?.issues;
    expect(issues?.map((issue) => issue.message)).toEqual(['El nombre es obligatorio']);
    await adminCaller().create({ kind: 'category', name: 'Redes' });
    await expect(adminCaller().create({ kind: 'category', name: 'REDES' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Ya existe una categoría con ese nombre',
    });
    await expect(adminCaller().create({ kind: 'brand', name: 'acme' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Ya existe una marca con ese nombre',
    });
  });

  it('renames, refusing a name another entry has', async () => {
    const first = await adminCaller().create({ kind: 'category', name: 'Audio' });
    await adminCaller().create({ kind: 'category', name: 'Video' });
    const renamed = await adminCaller().update({
      kind: 'category',
      id: first.id,
      name: ' Sonido ',
    });
    expect(renamed).toEqual({ id: first.id, name: 'Sonido' });
    await expect(
      adminCaller().update({ kind: 'category', id: first.id, name: 'video' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      adminCaller().update({ kind: 'category', id: 999_999, name: 'Nada' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Categoría no encontrada' });
  });

  it('deletes an unused entry and refuses one that products use', async () => {
    const brand = await adminCaller().create({ kind: 'brand', name: 'En uso' });
    const category = await adminCaller().create({ kind: 'category', name: 'Usada' });
    await world.db.insert(products).values({
      name: 'Router',
      slug: 'router-en-uso',
      description: { type: 'doc', content: [] },
      brandId: brand.id,
      categoryId: category.id,
    });
    await expect(adminCaller().delete({ kind: 'brand', id: brand.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'No se puede eliminar la marca porque hay productos que la usan',
    });
    await expect(adminCaller().delete({ kind: 'category', id: category.id })).rejects.toMatchObject(
      {
        code: 'CONFLICT',
        message: 'No se puede eliminar la categoría porque hay productos que la usan',
      },
    );
    const list = await adminCaller().list({ kind: 'brand' });
    expect(list.items.find((item) => item.id === brand.id)?.productCount).toBe(1);

    const unused = await adminCaller().create({ kind: 'brand', name: 'Sin uso' });
    await adminCaller().delete({ kind: 'brand', id: unused.id });
    const names = (await world.db.select().from(brands)).map((row) => row.name);
    expect(names).not.toContain('Sin uso');
    await expect(adminCaller().delete({ kind: 'brand', id: unused.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('gives every option to the product form', async () => {
    const options = await adminCaller().options();
    expect(options.brands.map((b) => b.name)).toContain('Acme');
    expect(options.categories.map((c) => c.name)).toContain('Redes');
  });

  it('is forbidden to customers and visitors, and they change nothing', async () => {
    const before = await world.db.select().from(categories);
    const asCustomer = callerFor(world.deps, customer).admin.taxonomies;
    await expect(asCustomer.list({ kind: 'brand' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCustomer.options()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCustomer.create({ kind: 'category', name: 'Intrusa' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      asCustomer.update({ kind: 'category', id: before[0]!.id, name: 'Intrusa' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCustomer.delete({ kind: 'category', id: before[0]!.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      callerFor(world.deps, null).admin.taxonomies.create({ kind: 'brand', name: 'Anónima' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await world.db.select().from(categories)).toEqual(before);
  });
});
