// An import that multiplies a price by 100 (cents typed as dollars) is flagged in the preview
// and applied only after a second confirmation; the activity log names the price it changed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { formatMoney } from '@shared/format';
import { expect, loginAsAdmin, test } from '../support/fixtures';
import { screenshots } from './orders-helpers';

const filesDir = mkdtempSync(path.join(tmpdir(), 'catalog-import-prices-'));

test('an unusual price needs a second confirmation and is kept in the log', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/dashboard/productos');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const exported = readFileSync(await (await downloading).path(), 'utf8');
  const rows = parse<Record<string, string>>(exported, {
    bom: true,
    delimiter: ';',
    columns: true,
  });
  const slug = rows[0]!.slug!;
  const edited = rows.filter((row) => row.slug === slug);
  const oldPrice = edited[0]!.precio!;
  const newPrice = (Number(oldPrice) * 100).toFixed(2);
  edited[0]!.precio = newPrice;
  const file = path.join(filesDir, 'precios.csv');
  writeFileSync(
    file,
    stringify(edited, { header: true, columns: Object.keys(rows[0]!), delimiter: ';', bom: true }),
  );

  await page.goto('/dashboard/productos/importar');
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Previsualizar' }).click();
  const warning = `Cambio de precio inusual: ${formatMoney(oldPrice)} → ${formatMoney(newPrice)}`;
  await expect(
    page.getByRole('heading', { name: 'Cambios de precio inusuales (1)' }),
  ).toBeVisible();
  await expect(page.getByText(warning)).toBeVisible();

  await page.getByRole('button', { name: 'Aplicar importación' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aplicar importación' }).click();
  const second = page.getByRole('alertdialog');
  await expect(second.getByText('¿Confirmás los cambios de precio inusuales?')).toBeVisible();
  await screenshots(page, 'importar-precios-inusuales');
  await second.getByRole('button', { name: 'Sí, aplicar estos precios' }).click();
  await expect(page).toHaveURL(/\/dashboard\/productos$/);

  await page.goto('/dashboard/actividad');
  const entry = page.getByRole('listitem').filter({ hasText: 'Catálogo (precios.csv)' }).first();
  await expect(entry).toContainText(`${formatMoney(oldPrice)} → ${formatMoney(newPrice)}`);

  // Put the price back (a third of a third of it would be unusual again: confirm once more).
  edited[0]!.precio = oldPrice;
  writeFileSync(
    file,
    stringify(edited, { header: true, columns: Object.keys(rows[0]!), delimiter: ';', bom: true }),
  );
  await page.goto('/dashboard/productos/importar');
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Previsualizar' }).click();
  await page.getByRole('button', { name: 'Aplicar importación' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aplicar importación' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Sí, aplicar estos precios' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/productos$/);
});
