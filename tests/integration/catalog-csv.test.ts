// 'Exportar CSV' of the catalogue: one row per variant, ';', BOM, streamed, admins only.
import { describe, expect, it } from 'vitest';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { catalogCsvStream } from '@server/services/catalog/csv/export';
import { createTestCookie } from '../support/context';
import { useTestApp } from '../support/test-app';
import { createTestProduct } from './orders-fixtures';

const world = useTestApp();

describe('catalogue CSV export', () => {
  it('downloads one row per variant with a BOM and ; as separator, for admins only', async () => {
    await createTestProduct(
      world.db,
      [
        { stock: 3, price: '1299.50', storage: '256 GB', colorName: 'Gris; oscuro' },
        { stock: 0, price: '999.00', storage: '128 GB', colorName: 'Plata' },
      ],
      'Portátil "Pro" ñandú',
    );
    const app = await buildApp(world.deps);
    try {
      const anonymous = await app.inject({ url: '/api/admin/catalog.csv' });
      expect(anonymous.statusCode).toBe(401);
      const customer = await app.inject({
        url: '/api/admin/catalog.csv',
        headers: { cookie: await createTestCookie(world.deps) },
      });
      expect(customer.statusCode).toBe(403);

      const response = await app.inject({
        url: '/api/admin/catalog.csv',
        headers: { cookie: await createTestCookie(world.deps, { role: 'admin' }) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="catalogo-/);
      expect(response.body.startsWith('\uFEFFslug;nombre;marca;categoria;')).toBe(true);
      const rows = parse<Record<string, string>>(response.body, {
        bom: true,
        delimiter: ';',
        columns: true,
      });
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        nombre: 'Portátil "Pro" ñandú',
        almacenamiento: '256 GB',
        color: 'Gris; oscuro',
        color_hex: '#111111',
        precio: '1299.50',
        stock: '3',
      });
      expect(rows[0]!.imagenes!.split('|')).toHaveLength(2);
      expect(rows[1]).toMatchObject({ almacenamiento: '128 GB', stock: '0' });
    } finally {
      await app.close();
    }
  });

  it('writes every variant once, in order, when a product straddles two batches', async () => {
    // 80 products of seven variants: each 500-row batch ends inside a product.
    await world.db.execute(sql`insert into brands (name) values ('Marca lote')`);
    await world.db.execute(sql`insert into categories (name) values ('Categoría lote')`);
    await world.db.execute(sql`
      insert into products (name, slug, description, brand_id, category_id)
      select 'Producto ' || i, 'lote-' || lpad(i::text, 3, '0'), '{"type":"doc"}'::jsonb,
             (select max(id) from brands), (select max(id) from categories)
      from generate_series(1, 80) i`);
    await world.db.execute(sql`
      insert into variants (product_id, price, stock, storage, color, color_name)
      select p.id, 10, 1, v || ' GB', '#000000', 'Negro'
      from products p cross join generate_series(1, 7) v where p.slug like 'lote-%'`);
    const rows = parse<Record<string, string>>(await text(catalogCsvStream(world.db)), {
      bom: true,
      delimiter: ';',
      columns: true,
    });
    const expected = Array.from({ length: 80 }, (_, i) =>
      Array.from({ length: 7 }, (_, v) => `lote-${String(i + 1).padStart(3, '0')} ${v + 1} GB`),
    ).flat();
    const written = rows.filter((row) => row.slug!.startsWith('lote-'));
    expect(written.map((row) => `${row.slug} ${row.almacenamiento}`)).toEqual(expected);
  });
});
