import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, expectToast, loginAsAdmin, test } from '../support/fixtures';
import { screenshots } from './orders-helpers';

const filesDir = mkdtempSync(path.join(tmpdir(), 'brand-logo-files-'));

test('an admin uploads a brand logo in Taxonomías and the home shows it', async ({ page }) => {
  const logo = path.join(filesDir, 'logo-marca.png');
  await sharp({ create: { width: 600, height: 200, channels: 4, background: '#1428a0' } })
    .png()
    .toFile(logo);
  const notImage = path.join(filesDir, 'logo.txt');
  writeFileSync(notImage, 'no soy una imagen');

  await loginAsAdmin(page);
  await page.goto('/dashboard/taxonomias');
  const name = `Logos ${Date.now()}`;
  await page.getByLabel('Nueva marca').fill(name);
  await page
    .getByRole('region', { name: 'Marcas' })
    .getByRole('button', { name: 'Agregar' })
    .click();
  await expect(page.getByText('Marca agregada')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Sin logo')).toBeVisible();

  // A file that is not an image is refused at the field, before any upload.
  await page.getByLabel(`Subir logo de ${name}`).setInputFiles(notImage);
  await expect(row.getByRole('alert')).toHaveText(
    'El archivo no es una imagen válida (JPEG, PNG, WebP, AVIF o GIF)',
  );

  await page.getByLabel(`Subir logo de ${name}`).setInputFiles(logo);
  await expectToast(page, 'Logo actualizado');
  await expect(row.getByRole('img', { name: `Logo de ${name}` })).toBeVisible();
  await expect(row.getByRole('alert')).toHaveCount(0);
  await screenshots(page, 'taxonomias');

  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Marcas con las que trabajamos' });
  const image = strip.getByRole('img', { name, exact: true });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // The seeded brands show their logos too, each linking to the shop filtered by it.
  await expect(strip.getByRole('img', { name: 'Lenovo', exact: true })).toBeVisible();
  await strip.scrollIntoViewIfNeeded();
  await screenshots(page, 'home-marcas');

  // Removed again: the home shows the brand's name.
  await page.goto('/dashboard/taxonomias');
  await page.getByRole('button', { name: `Quitar logo de ${name}` }).click();
  await expectToast(page, 'Logo quitado');
  await expect(row.getByText('Sin logo')).toBeVisible();
  await page.goto('/');
  await expect(strip.getByRole('link', { name, exact: true })).toHaveText(name);
  await expect(strip.getByRole('img', { name, exact: true })).toHaveCount(0);
});
