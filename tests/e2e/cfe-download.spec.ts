// The printed e-Factura (docs/decisions/095-the-printed-cfe.md): a company's buyer accepts a
// quote, the CFE worker issues the e-Factura and DGI (the simulated provider) accepts it, and
// the buyer downloads it from the order page; the PDF read back carries the RUC COMPRADOR box,
// the number, the CAE, the security code and the total of the quote.
import { readFile } from 'node:fs/promises';
import { request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/e2e-constants';
import { expect, openAdminPage, registerCustomer, test } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { type Answer, registerCompanyBuyer, runCfeOf, sentQuote, setUpIssuer } from './cfe-helpers';
import { addFromProductPage, inStockProducts, requestQuote, screenshots } from './orders-helpers';

test('the buyer downloads the e-Factura DGI accepted', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await setUpIssuer();
  const rut = await registerCompanyBuyer(page, 'Compras Factura', 'Factura Ejemplo S.A.');

  // Staff quote it with the day's rate; the buyer accepts with an OC.
  const { orderId, admin } = await sentQuote(page, browser);
  await page.goto(`/account/pedidos/${orderId}`);
  const summary = page.getByRole('region', { name: 'Cotización actual' });
  const total = (await summary.getByTestId('quote-summary-total').textContent())!.trim();
  await summary.getByRole('button', { name: 'Aceptar cotización' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Orden de compra (OC)').fill('OC-CFE-7');
  await dialog.getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expect(page.getByText('¡Cotización aceptada!')).toBeVisible();

  // Nothing to download until DGI accepts it; then the worker's pass issues it.
  await expect(page.getByRole('region', { name: 'Comprobantes fiscales' })).toHaveCount(0);
  expect(await runCfeOf(page, orderId)).toEqual([
    { kind: 111, state: 'accepted', last_error: null },
  ]);
  await page.reload();
  const invoices = page.getByRole('region', { name: 'Comprobantes fiscales' });
  await expect(invoices.getByText(/^e-Factura A-\d+$/)).toBeVisible();
  await screenshots(page, 'pedido-e-factura');

  const download = page.waitForEvent('download');
  await invoices.getByRole('link', { name: /^Descargar e-Factura A-\d+$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^e-Factura-A-\d+\.pdf$/);
  const text = pdfText(await readFile(await file.path())).replace(/\s+/g, ' ');
  for (const expected of [
    'e-Factura',
    'Factura Ejemplo S.A.',
    'RUC COMPRADOR',
    rut,
    'Domicilio: Colonia 1000, Montevideo, Montevideo',
    'Orden de compra (OC): OC-CFE-7',
    'Tipo de cambio: 40,000',
    `Total ${total}`,
    'Número de CAE:',
    'Código de seguridad:',
    'Res. 1234/2023',
    'Puede verificar comprobante en www.dgi.gub.uy',
  ]) {
    expect(text).toContain(expected);
  }

  // Staff download the same PDF beside the XML.
  await admin.page.reload();
  const staffCard = admin.page.getByRole('region', { name: 'Comprobantes fiscales' });
  await expect(staffCard.getByRole('link', { name: 'Descargar PDF' })).toBeVisible();
  await expect(staffCard.getByRole('button', { name: 'Descargar XML' })).toBeVisible();
  await screenshots(admin.page, 'staff-comprobantes');
  await admin.close();
});

test('the quote editor names the seller data the PDF lacks, and links to where it is set', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: new URL(E2E_BASE_URL).origin },
  });
  const login = await api.post('/trpc/auth.login', {
    data: { json: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } },
  });
  expect(login.ok()).toBe(true);
  const { logoUrl: _logo, ...saved } = (
    (await (await api.get('/trpc/admin.store.get')).json()) as Answer<
      Record<string, unknown> & { logoUrl: unknown }
    >
  ).result.data.json;
  // The form's input: an empty RUT is 'none'.
  const saveStore = async (profile: Record<string, unknown>) => {
    const json = { ...profile, rut: profile.rut ?? '' };
    const answer = await api.post('/trpc/admin.store.update', { data: { json } });
    expect(answer.ok(), `store.update answered ${answer.status()}`).toBe(true);
  };
  try {
    await saveStore({ ...saved, rut: '' });
    await registerCustomer(page, 'Compras Sin RUT');
    const [product] = await inStockProducts(page.request, 1);
    await addFromProductPage(page, product!.slug);
    const orderId = await requestQuote(page);

    const admin = await openAdminPage(browser);
    await admin.page.goto(`/dashboard/ordenes/${orderId}`);
    await admin.page.getByRole('button', { name: 'Preparar cotización' }).click();
    const warning = admin.page.getByTestId('missing-seller-data');
    await expect(warning).toContainText('A la cotización le falta el RUT de tu empresa.');
    await warning.getByRole('link', { name: 'Completalo en Datos de la empresa' }).click();
    await expect(admin.page).toHaveURL(/\/dashboard\/ajustes$/);

    // With the RUT saved, the editor says nothing.
    await saveStore({ ...saved, rut: '211003420017' });
    await admin.page.goto(`/dashboard/ordenes/${orderId}`);
    await admin.page.getByRole('button', { name: 'Preparar cotización' }).click();
    await expect(admin.page.getByLabel('Tipo de cambio (opcional)')).toBeVisible();
    await expect(admin.page.getByTestId('missing-seller-data')).toHaveCount(0);
    await admin.close();
  } finally {
    await saveStore(saved);
    await api.dispose();
  }
});
