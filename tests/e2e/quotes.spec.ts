// The quote conversation end to end: staff answer a request with a priced revision and a
// message, the customer reads both, downloads the PDF and accepts.
import { expect, expectToast, openAdminPage, registerCustomer, test } from '../support/fixtures';
import { openRevisionEditor, requestQuoteForOneProduct, screenshots } from './orders-helpers';

test('staff send a revision and a message; the customer reads them, gets the PDF and accepts', async ({
  page,
  browser,
}) => {
  await registerCustomer(page, 'Compras Ejemplo');
  const orderId = await requestQuoteForOneProduct(page);

  const { page: admin, close: closeAdmin } = await openRevisionEditor(browser, orderId);
  await admin.getByLabel('Descuento %').first().fill('10');
  await admin.getByLabel('Nota para el cliente (opcional)').fill('Precio especial por volumen.');
  await screenshots(admin, 'quote-editor');
  await admin.getByRole('button', { name: 'Enviar cotización' }).click();
  await expectToast(admin, 'Cotización enviada');
  await expect(admin.getByText('Cotización vigente')).toBeVisible();
  await admin.getByLabel('Escribir un mensaje').fill('¿Necesitan instalación en sitio?');
  await admin.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expectToast(admin, 'Mensaje enviado');
  await screenshots(admin, 'quote-admin');
  await closeAdmin();

  await page.goto(`/account/pedidos/${orderId}`);
  await expect(page.getByText('Precio especial por volumen.')).toBeVisible();
  await expect(page.getByText('¿Necesitan instalación en sitio?')).toBeVisible();
  const pdfLink = page.getByRole('link', { name: 'Descargar PDF' }).first();
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expect(page.getByText('10 % de descuento')).toBeVisible();
  await expect(page.getByTestId('revision-total')).toBeVisible();
  // Only the revision prices the order: the request's lines are folded away and labelled.
  const subtotals = page.getByText('Subtotal', { exact: true }).filter({ visible: true });
  await expect(subtotals).toHaveCount(1);
  await page.getByText('Pedido original').click();
  await expect(page.getByText(/^Precios del momento de la solicitud/)).toBeVisible();
  await expect(subtotals).toHaveCount(2);
  await screenshots(page, 'quote-customer');

  await page.getByLabel('Escribir un mensaje').fill('Sí, en nuestra oficina de Montevideo.');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expectToast(page, 'Mensaje enviado');
  await page.getByRole('button', { name: 'Aceptar cotización' }).click();
  // The OC is kept whole: a longer one is refused at its field, as typed, never cut to fit.
  const dialog = page.getByRole('alertdialog');
  const oc = dialog.getByLabel('Orden de compra (OC)');
  const tooLong = 'OC-2026/0042-SUCURSAL-CENTRO-MONTEVIDEO-URUGUAY';
  await oc.fill(tooLong);
  await expect(oc).toHaveValue(tooLong);
  await dialog.getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expect(
    dialog.getByText('La orden de compra no debe exceder los 40 caracteres'),
  ).toBeVisible();
  await expect(oc).toHaveValue(tooLong);
  await screenshots(page, 'accept-oc-too-long');
  const whole = 'OC-2026/0042-SUCURSAL-CENTRO-MVD-0000001';
  await oc.fill(whole);
  await dialog.getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expectToast(
    page,
    '¡Cotización aceptada! Nos pondremos en contacto para coordinar la entrega.',
  );
  await expect(page.getByText(whole)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aceptar cotización' })).toHaveCount(0);
  await expect(page.getByText('Concretado').first()).toBeVisible();

  // Staff read the mails in 'Correos', the quote's PDF beside its text.
  const { page: staff, close: closeStaff } = await openAdminPage(browser);
  await staff.goto(`/dashboard/ordenes/${orderId}`);
  await expect(staff.getByText('Sí, en nuestra oficina de Montevideo.')).toBeVisible();
  await expect(staff.getByText('Modificado → Concretado')).toBeVisible();
  await staff.goto('/dashboard/mensajes?tab=correos');
  const revisionMail = staff
    .getByRole('listitem')
    .filter({ hasText: `Cotización N° ${orderId}-1` });
  await revisionMail.getByRole('button', { name: 'Ver texto' }).click();
  await expect(revisionMail.getByRole('link', { name: 'PDF adjunto' })).toBeVisible();
  await screenshots(staff, 'mail-log');
  await closeStaff();
});

// A RUT of its own: company-quotes.spec.ts saves 211003420017, and a RUT is one company's.
test('a customer keeps the company data quotes are addressed to', async ({ page }) => {
  await registerCustomer(page);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Datos de la empresa' }).click();
  await page.getByLabel('Razón social (opcional)').fill('Ejemplo S.A.');
  await page.getByLabel('RUT (opcional)').fill('21 100343 001 3');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('El RUT no es válido')).toBeVisible();
  await page.getByLabel('RUT (opcional)').fill('21 100343 001 2');
  // The razón social prints on the quote: what its PDF cannot draw is refused at the field.
  await page.getByLabel('Razón social (opcional)').fill('株式会社テスト');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Usá solo letras, números y signos comunes')).toBeVisible();
  await screenshots(page, 'company-data-refused');
  await page.getByLabel('Razón social (opcional)').fill('Ejemplo S.A.');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expectToast(page, 'Datos guardados');
  await screenshots(page, 'company-data');

  await page.reload();
  await expect(page.getByLabel('Razón social (opcional)')).toHaveValue('Ejemplo S.A.');
  await expect(page.getByLabel('RUT (opcional)')).toHaveValue('211003430012');
});
