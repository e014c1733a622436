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
});
