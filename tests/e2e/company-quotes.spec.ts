// Quotes a Uruguayan company can sign: the store's own data in 'Datos de la empresa', the
// customer's order page that says what to do (on a phone too), acceptance confirmed with the
// purchase order number, and cancellations that say why.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, loginAsAdmin, openAdminPage, registerCustomer, test } from '../support/fixtures';
import {
  addFromProductPage,
  inStockProducts,
  openRevisionEditor,
  requestQuote,
  requestQuoteForOneProduct,
  screenshots,
} from './orders-helpers';

const filesDir = mkdtempSync(path.join(tmpdir(), 'store-logo-files-'));

test('an admin saves the company data with a logo; the contact page shows it', async ({ page }) => {
  const logo = path.join(filesDir, 'logo-empresa.png');
  await sharp({ create: { width: 600, height: 200, channels: 4, background: '#0b6b39' } })
    .png()
    .toFile(logo);
  await loginAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Datos de la empresa' }).first().click();
  await expect(page.getByRole('heading', { name: 'Datos de la empresa' })).toBeVisible();

  await page.getByLabel('Subir logo de la empresa').setInputFiles(logo);
  await expect(page.getByText('Logo de la empresa actualizado')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo de la empresa' })).toBeVisible();

  await page.getByLabel('Razón social').fill('Tienda Informática S.A.');
  await page.getByLabel('RUT').fill('21 100342 001 8');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('El RUT no es válido')).toBeVisible();
  await page.getByLabel('RUT').fill('21 100342 001 7');
  await page.getByLabel('Forma de pago').fill('Transferencia bancaria a 30 días');
  await page.getByLabel('Garantía').fill('12 meses de garantía oficial');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Datos de la empresa guardados')).toBeVisible();
  // A toast under the pointer stays: move it away so they leave before the screenshots.
  await page.mouse.move(0, 0);
  await screenshots(page, 'ajustes');

  await page.reload();
  await expect(page.getByLabel('Razón social')).toHaveValue('Tienda Informática S.A.');
  await expect(page.getByLabel('RUT')).toHaveValue('211003420017');
  await expect(page.getByRole('img', { name: 'Logo de la empresa' })).toBeVisible();

  // The public pages were rendered before: saving refreshed them.
  await page.goto('/nosotros');
  await expect(page.getByText('Tienda Informática S.A.').first()).toBeVisible();
  await expect(page.getByText('RUT 211003420017').first()).toBeVisible();
});

test('on a phone the customer sees the quote to review, accepts it with an OC', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerCustomer(page, 'Compras Empresa');
  // The saved company data fills the checkout in.
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill('Ejemplo S.A.');
  await page.getByLabel('RUT (opcional)').fill('21 100342 001 7');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Datos guardados')).toBeVisible();
  const [product] = await inStockProducts(page.request, 1);
  await addFromProductPage(page, product!.slug);
  await page.goto('/checkout');
  await expect(page.getByLabel('Razón social (opcional)')).toHaveValue('Ejemplo S.A.');
  await expect(page.getByLabel('RUT (opcional)')).toHaveValue('211003420017');
  const orderId = await requestQuote(page);

  const admin = await openRevisionEditor(browser, orderId);
  await admin.page.getByLabel('Tipo de cambio (opcional)').fill('39.5');
  await expect(admin.page.getByText(/^Total en pesos uruguayos: \$ /)).toBeVisible();
  await admin.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(admin.page.getByText('Cotización vigente')).toBeVisible();

  await page.goto('/account/pedidos');
  await expect(page.getByText('Cotización lista para revisar').first()).toBeVisible();
  await page.goto(`/account/pedidos/${orderId}`);
  await expect(page.getByText('Cotización lista para revisar')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Cotización actual' });
  const accept = summary.getByRole('button', { name: 'Aceptar cotización' });
  const pdf = summary.getByRole('link', { name: 'Descargar PDF' });
  // Both at once on load, without scrolling.
  await expect(accept).toBeInViewport({ ratio: 1 });
  await expect(pdf).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('revision-pesos')).toContainText('al tipo de cambio 39,5');
  await screenshots(page, 'pedido-cliente');

  await page.setViewportSize({ width: 360, height: 740 });
  const total = await summary.getByTestId('quote-summary-total').textContent();
  await accept.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(`¿Aceptar la cotización N° ${orderId}-1?`)).toBeVisible();
  await expect(dialog.getByText('Ejemplo S.A. · RUT 211003420017')).toBeVisible();
  await expect(dialog.getByTestId('accept-total')).toHaveText(total!);
  await dialog.getByLabel('Orden de compra (OC)').fill('OC-2026-0042');
  await screenshots(page, 'aceptar-cotizacion');
  await dialog.getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expect(
    page.getByText('¡Cotización aceptada! Nos pondremos en contacto para coordinar la entrega.'),
  ).toBeVisible();
  await expect(page.getByText('Orden de compra (OC): OC-2026-0042')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aceptar cotización' })).toHaveCount(0);

  await admin.page.reload();
  await expect(admin.page.getByText('Orden de compra (OC): OC-2026-0042')).toBeVisible();
  await admin.close();
});

test('staff cancel with a reason the customer reads', async ({ page, browser }) => {
  await registerCustomer(page, 'Cliente Cancelado');
  const orderId = await requestQuoteForOneProduct(page);

  const admin = await openAdminPage(browser);
  await admin.page.goto(`/dashboard/ordenes/${orderId}`);
  await admin.page.getByLabel('Estado').selectOption('Cancelado');
  const dialog = admin.page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Confirmar cancelado' }).click();
  await expect(dialog.getByText('Escribí el motivo')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('El proveedor discontinuó el modelo');
  await screenshots(admin.page, 'motivo-cancelacion');
  await dialog.getByRole('button', { name: 'Confirmar cancelado' }).click();
  await expect(admin.page.getByText('Cotización → Cancelado')).toBeVisible();
  await expect(admin.page.getByText('Motivo: El proveedor discontinuó el modelo')).toBeVisible();
  await admin.close();

  await page.goto(`/account/pedidos/${orderId}`);
  await expect(page.getByText('Pedido cancelado')).toBeVisible();
  await expect(page.getByText('Motivo: El proveedor discontinuó el modelo')).toBeVisible();
});
