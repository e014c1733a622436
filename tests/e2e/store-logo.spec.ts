// 'Datos de la empresa' → Logo: every way an upload can end shows under the field, as the brand
// logo's does (lib/refusals.ts): a file that is not an image, a failed server, a lost connection.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { messages } from '@shared/client-messages';
import { STORE_LOGO_URL } from '@shared/schemas/store-profile';
import { expect, loginAsAdmin, test } from '../support/fixtures';
import { screenshots } from './orders-helpers';

const filesDir = mkdtempSync(path.join(tmpdir(), 'store-logo-errors-'));

test('a store logo upload that fails says so under the field, and a retry clears it', async ({
  page,
}) => {
  const logo = path.join(filesDir, 'logo.png');
  await sharp({ create: { width: 600, height: 200, channels: 4, background: '#0b6b39' } })
    .png()
    .toFile(logo);
  const notImage = path.join(filesDir, 'logo.txt');
  writeFileSync(notImage, 'no soy una imagen');

  await loginAsAdmin(page);
  await page.goto('/dashboard/ajustes');
  const picker = page.getByLabel(/(Subir|Cambiar) logo de la empresa/);
  const input = page.locator('#store-logo');
  const fieldError = page.locator('#store-logo-error');

  await picker.setInputFiles(notImage);
  await expect(fieldError).toHaveText(
    'El archivo no es una imagen válida (JPEG, PNG, WebP, AVIF o GIF)',
  );

  // The connection drops: nothing answers the upload.
  await page.route(`**${STORE_LOGO_URL}`, (route) => route.abort('failed'));
  await picker.setInputFiles(logo);
  await expect(fieldError).toHaveText(messages.unexpected);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', 'store-logo-error');
  await page.mouse.move(0, 0);
  await screenshots(page, 'ajustes-logo-error');

  // A server that fails without an answer of ours (a proxy's page) reads the same.
  await page.unroute(`**${STORE_LOGO_URL}`);
  await page.route(`**${STORE_LOGO_URL}`, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
  );
  await picker.setInputFiles(logo);
  await expect(fieldError).toHaveText(messages.unexpected);

  await page.unroute(`**${STORE_LOGO_URL}`);
  await picker.setInputFiles(logo);
  await expect(page.getByText('Logo de la empresa actualizado')).toBeVisible();
  await expect(fieldError).toHaveCount(0);
});
