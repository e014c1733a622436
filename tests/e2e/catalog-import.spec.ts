import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { formatMoney } from '@shared/format';
import { expect, loginAsAdmin, test } from '../support/fixtures';
import { screenshots } from './orders-helpers';

const filesDir = mkdtempSync(path.join(tmpdir(), 'catalog-import-'));

test.describe('catalogue CSV import', () => {
  test('the admin exports, edits one price in the file, previews, applies and finds it in the log', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/dashboard/productos');
    await expect(page.getByRole('link', { name: 'Importar CSV' })).toBeVisible();
    await screenshots(page, 'catalog-products-buttons');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^catalogo-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = readFileSync(await download.path(), 'utf8');
    const rows = parse<Record<string, string>>(exported, {
      bom: true,
      delimiter: ';',
      columns: true,
    });
    expect(rows.length).toBeGreaterThan(0);

    // The file keeps one product's rows: products other specs made in this shared database
    // are not this test's business. Its first variant gets a new price.
    const slug = rows.at(-1)!.slug!;
    const edited = rows.filter((row) => row.slug === slug);
    const oldPrice = edited[0]!.precio!;
    const newPrice = (Number(oldPrice) + 10).toFixed(2);
    edited[0]!.precio = newPrice;
    const file = path.join(filesDir, 'catalogo-editado.csv');
    writeFileSync(
      file,
      stringify(edited, {
        header: true,
        columns: Object.keys(rows[0]!),
        delimiter: ';',
        bom: true,
        record_delimiter: 'windows',
      }),
    );

    await page.getByRole('link', { name: 'Importar CSV' }).click();
    await expect(page.getByRole('heading', { name: 'Importar catálogo' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(page.getByText('catalogo-editado.csv')).toBeVisible();
    await page.getByRole('button', { name: 'Previsualizar' }).click();

    const updates = page.getByRole('heading', { name: 'Para actualizar (1)' });
    await expect(updates).toBeVisible();
    const change = page.getByRole('listitem').filter({ hasText: /^Precio:/ });
    await expect(change).toHaveText(`Precio: ${formatMoney(oldPrice)} → ${formatMoney(newPrice)}`);
    await expect(page.getByRole('heading', { name: /^Filas con errores/ })).toHaveCount(0);
    await screenshots(page, 'catalog-import-preview');

    await page.getByRole('button', { name: 'Aplicar importación' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Aplicar importación' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/productos$/);
    await expect(page.getByText(/^Importación aplicada: 0 creadas, 1 actualizadas/)).toBeVisible();

    await page.goto(`/dashboard/productos/editar/${slug}`);
    await expect(
      page.getByRole('group', { name: 'Variante 1' }).getByLabel('Precio (US$)', { exact: true }),
    ).toHaveValue(String(Number(newPrice)));

    await page.goto('/dashboard/actividad');
    const entry = page
      .getByRole('listitem')
      .filter({ hasText: 'Catálogo (catalogo-editado.csv)' })
      .first();
    await expect(entry).toContainText('Importación · Importó el catálogo');
    await expect(entry).toContainText('Actualizados');
  });

  test('a large file previews as counts with a bounded list of examples of each kind', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    const response = await page.request.get('/api/admin/catalog.csv');
    const rows = parse<Record<string, string>>(await response.text(), {
      bom: true,
      delimiter: ';',
      columns: true,
    });
    const like = rows.at(-1)!;
    const run = Date.now().toString(36);
    // 1,000 new variants and 120 rows with a wrong price: far more than the preview lists.
    const created = Array.from({ length: 1_000 }, (_, index) => ({
      ...like,
      slug: `grande-${run}-${Math.floor(index / 4)}`,
      nombre: `Equipo grande ${Math.floor(index / 4)}`,
      almacenamiento: ['128 GB', '256 GB', '512 GB', '1 TB'][index % 4]!,
      imagenes: '',
      sku: '',
    }));
    const invalid = created
      .slice(0, 120)
      .map((row) => ({ ...row, slug: `${row.slug}-x`, precio: 'abc' }));
    const file = path.join(filesDir, 'catalogo-grande.csv');
    writeFileSync(
      file,
      stringify([...created, ...invalid], {
        header: true,
        columns: Object.keys(like),
        delimiter: ';',
        bom: true,
      }),
    );

    await page.goto('/dashboard/productos/importar');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Previsualizar' }).click();
    const creates = page.locator('section, div').filter({
      has: page.getByRole('heading', { name: 'Para crear (1.000)', exact: true }),
    });
    // Ten examples, then the rest of the fifty the preview sent on demand, then a count.
    await expect(creates.last().getByRole('listitem')).toHaveCount(10 + 1);
    await screenshots(page, 'catalog-import-large-preview');
    await creates.last().getByRole('button', { name: 'Ver 40 ejemplos más' }).click();
    await expect(creates.last().getByRole('listitem')).toHaveCount(50 + 1);
    await expect(creates.last().getByText('y 950 más')).toBeVisible();
    const errors = page.locator('div').filter({
      has: page.getByRole('heading', { name: 'Filas con errores (120)', exact: true }),
    });
    await errors.last().getByRole('button', { name: 'Ver 40 ejemplos más' }).click();
    await expect(errors.last().getByText('y 70 más')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aplicar importación' })).toBeDisabled();
  });
});
