// 'Exportar CSV' of the catalogue: one row per variant, ';', BOM, streamed, admins only.
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { buildApp } from '@server/app';
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
});
