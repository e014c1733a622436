// 'Comprobantes' (docs/decisions/096-the-comprobantes-list.md): a company's buyer accepts a
// quote, the CFE worker issues the e-Factura and DGI (the simulated provider) accepts it; staff
// open Comprobantes from the side menu, find it, filter, download the CSV of what the filters
// select and the document's signed XML, and reach the list from the home's pending count.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from '../support/fixtures';
import { registerCompanyBuyer, runCfeOf, sentQuote, setUpIssuer } from './cfe-helpers';
import { screenshots } from './orders-helpers';

test('staff list the documents, filter them and download the CSV and the XML', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await setUpIssuer();
  const company = `Comprobantes Ñandú ${Date.now()} S.A.`;
  const rut = await registerCompanyBuyer(page, 'Compras Comprobantes', company);
  const { orderId, admin } = await sentQuote(page, browser);
  await page.goto(`/account/pedidos/${orderId}`);
  const summary = page.getByRole('region', { name: 'Cotización actual' });
  await summary.getByRole('button', { name: 'Aceptar cotización' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expect(page.getByText('¡Cotización aceptada!')).toBeVisible();
  expect(await runCfeOf(page, orderId)).toEqual([
    { kind: 111, state: 'accepted', last_error: null },
  ]);

  // From the side menu, the document with its number, order, receiver and state.
  const staff = admin.page;
  await staff.goto('/dashboard');
  await staff
    .getByRole('navigation', { name: 'Panel de administración' })
    .getByRole('link', { name: 'Comprobantes' })
    .click();
  await expect(staff.getByRole('heading', { name: 'Comprobantes', level: 1 })).toBeVisible();
  const table = staff.getByRole('table', { name: 'Comprobantes' });
  const row = table.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('e-Factura');
  await expect(row).toContainText(/A-\d+/);
  await expect(row).toContainText(`RUT ${rut}`);
  await expect(row).toContainText('Aceptado');
  await expect(row.getByRole('link', { name: `#${orderId}` })).toHaveAttribute(
    'href',
    `/dashboard/ordenes/${orderId}`,
  );

  // Filters live in the URL. Ours was accepted, so 'Factura pendiente' leaves it out: the list
  // says nothing matches, or shows the documents other specs left waiting.
  await staff.getByLabel('Estado DGI').selectOption({ label: 'Factura pendiente' });
  await expect(staff).toHaveURL(/estado=pendiente/);
  await expect(
    staff
      .getByText('Ningún comprobante coincide con los filtros')
      .or(table.getByRole('row').filter({ hasText: /Por emitir|Faltan datos/ }))
      .first(),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: company })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Limpiar filtros' }).click();
  await staff.getByLabel('Tipo', { exact: true }).selectOption({ label: 'e-Factura' });
  await staff.getByLabel('Buscar', { exact: true }).fill(rut);
  await staff.getByLabel('Buscar', { exact: true }).press('Enter');
  await expect(staff).toHaveURL(/tipo=111/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();
  await screenshots(staff, 'comprobantes');

  // The CSV: what the filters select, Spanish headers, the BOM, the receiver with its accents.
  const csvDownload = staff.waitForEvent('download');
  await staff.getByRole('link', { name: 'Exportar CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^comprobantes-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await csvFile.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse<Record<string, string>>(csv, { bom: true, delimiter: ';', columns: true });
  expect(rows).toEqual([
    expect.objectContaining({
      Tipo: 'e-Factura',
      Serie: 'A',
      Orden: String(orderId),
      Receptor: company,
      'RUT/CI': rut,
      Moneda: 'USD',
      'Tipo de cambio': '40.000',
      'Estado DGI': 'Aceptado',
    }),
  ]);
  expect(rows[0]!.Total).toMatch(/^\d+\.\d{2}$/);

  // The signed XML, as the provider returned it.
  const xmlDownload = staff.waitForEvent('download');
  await row.getByRole('button', { name: /^Descargar XML de e-Factura A-\d+$/ }).click();
  const xmlFile = await xmlDownload;
  expect(xmlFile.suggestedFilename()).toMatch(/^CFE-111-A-\d+\.xml$/);
  const xml = await readFile(await xmlFile.path(), 'utf8');
  expect(xml).toContain(`<DocRecep>${rut}</DocRecep>`);
  expect(xml).toContain('<ds:Signature');

  // The home's count of documents not issued yet leads to them.
  await staff.goto('/dashboard');
  const pending = staff.getByRole('link', { name: /Factura pendiente/ });
  await expect(pending).toBeVisible();
  await screenshots(staff, 'resumen-factura-pendiente');
  await pending.click();
  await expect(staff).toHaveURL(/\/dashboard\/comprobantes\?estado=pendiente$/);
  await expect(staff.getByLabel('Estado DGI')).toHaveValue('pendiente');
  await admin.close();
});
