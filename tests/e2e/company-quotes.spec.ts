// Quotes a Uruguayan company can sign: the store's own data in 'Datos de la empresa', the
// customer's order page that says what to do (on a phone too), acceptance confirmed with the
// purchase order number, cancellations that say why, and a company left without members that
// a typed RUT does not open and staff hand over (docs/decisions/074-a-rut-is-not-a-key.md).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, loginAsAdmin, openAdminPage, registerCustomer, test } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { freshRut } from '../support/rut';
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

test('a typed RUT opens no company; staff hand one without members to a customer', async ({
  page,
  browser,
}) => {
  // Three people in three browsers (the founder, the heir, staff): longer than one page's test.
  test.setTimeout(180_000);
  // The founder's company, a quote of it, and then nobody: the founder leaves.
  await registerCustomer(page, 'Fundadora Ida');
  const companyName = `Abandonada ${Date.now()} S.A.`;
  const rut = freshRut();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(companyName);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Datos guardados')).toBeVisible();
  const orderId = await requestQuoteForOneProduct(page);
  const editor = await openRevisionEditor(browser, orderId);
  await editor.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(editor.page.getByText('Cotización vigente')).toBeVisible();
  await editor.close();
  await page.goto('/account/empresa/usuarios');
  await page.getByRole('button', { name: 'Salir de la empresa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Salir' }).click();
  await expect(page.getByText('Saliste de la empresa')).toBeVisible();

  // She still reads the quote she asked for, as history: no button, no message box.
  await page.goto(`/account/pedidos/${orderId}`);
  await expect(page.getByTestId('former-member-notice')).toContainText(
    'Ya no formás parte de la empresa de este pedido',
  );
  await expect(page.getByRole('region', { name: 'Cotización actual' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aceptar cotización' })).toHaveCount(0);
  await expect(page.getByLabel('Escribir un mensaje')).toHaveCount(0);
  await screenshots(page, 'pedido-ex-miembro');

  // Someone else types its RUT: refused at the field, nothing of the company opens.
  const heirContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const heirPage = await heirContext.newPage();
  const heir = await registerCustomer(heirPage, 'Heredera Nueva');
  await heirPage.goto('/account/empresa');
  await heirPage.getByLabel('Razón social (opcional)').fill(companyName);
  await heirPage.getByLabel('RUT (opcional)').fill(rut);
  await heirPage.getByRole('button', { name: 'Guardar datos' }).click();
  const refusal = 'Esa empresa ya está registrada. Pedile a un administrador que te invite.';
  await expect(heirPage.getByText(refusal)).toBeVisible();
  await expect(heirPage.getByLabel('RUT (opcional)')).toHaveAttribute('aria-invalid', 'true');
  await screenshots(heirPage, 'rut-ya-registrado');

  // Staff hand the company to her from its page, after a confirmation.
  const admin = await openAdminPage(browser);
  await admin.page.goto('/dashboard/clientes?vista=empresas');
  await admin.page.getByLabel('Buscar clientes').fill(rut);
  await admin.page.getByRole('button', { name: 'Buscar' }).click();
  await admin.page
    .getByRole('link', { name: companyName })
    .filter({ visible: true })
    .first()
    .click();
  await expect(admin.page.getByRole('heading', { name: companyName })).toBeVisible();
  const form = admin.page.getByRole('form', { name: 'Entregar la empresa' });
  await form.getByLabel('Correo de la cuenta del cliente').fill('nadie-aqui@empresa.uy');
  await form.getByRole('button', { name: 'Nombrar administrador' }).click();
  await admin.page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Entregar empresa' })
    .click();
  await expect(form.getByText('No hay ninguna cuenta de cliente con ese correo.')).toBeVisible();
  await screenshots(admin.page, 'empresa-sin-miembros');
  await form.getByLabel('Correo de la cuenta del cliente').fill(heir.email);
  await form.getByRole('button', { name: 'Nombrar administrador' }).click();
  const dialog = admin.page.getByRole('alertdialog');
  await expect(dialog.getByText(`¿Entregar ${companyName} a ${heir.email}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Entregar empresa' }).click();
  await expect(
    admin.page.getByText('Listo: esa cuenta administra ahora la empresa.'),
  ).toBeVisible();
  await expect(admin.page.getByRole('list', { name: 'Miembros' })).toContainText('Heredera Nueva');
  await admin.close();

  await heirPage.goto(`/account/pedidos/${orderId}`);
  await expect(heirPage.getByRole('region', { name: 'Cotización actual' })).toBeVisible();
  await heirPage.goto('/account/empresa/usuarios');
  await expect(heirPage.getByText('Tu rol: Administrador')).toBeVisible();
  await heirContext.close();
});
