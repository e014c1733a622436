// Verifying an e-Ticket on the store's own page (docs/decisions/097-e-ticket-verification.md):
// a consumer's quote is accepted and DGI (the simulated provider) accepts its e-Ticket; the PDF
// prints the store's verification address, and a visitor with the serie, number and security
// code printed on it finds the document there, without the buyer's data; a wrong code gets the
// one message that does not tell which value was wrong.
import { readFile } from 'node:fs/promises';
import { E2E_PORT } from '../support/e2e-constants';
import { expect, registerCustomer, test } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { runCfeOf, sentQuote, setUpIssuer } from './cfe-helpers';
import { screenshots } from './orders-helpers';

const NOT_FOUND =
  'No encontramos un comprobante con esos datos. Revisá la serie, el número y el código de seguridad.';

test('a visitor verifies an e-Ticket with the data printed on it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await setUpIssuer();
  await registerCustomer(page, 'Consumidora Verifica');
  const { orderId, admin } = await sentQuote(page, browser, 'cheapest');
  await admin.close();
  await page.goto(`/account/pedidos/${orderId}`);
  const summary = page.getByRole('region', { name: 'Cotización actual' });
  const total = (await summary.getByTestId('quote-summary-total').textContent())!.trim();
  await summary.getByRole('button', { name: 'Aceptar cotización' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expect(page.getByText('¡Cotización aceptada!')).toBeVisible();
  expect(await runCfeOf(page, orderId)).toEqual([
    { kind: 101, state: 'accepted', last_error: null },
  ]);

  // What the buyer holds: the printed e-Ticket, which sends them to the store's page.
  await page.reload();
  const download = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Comprobantes fiscales' })
    .getByRole('link', { name: /^Descargar e-Ticket A-\d+$/ })
    .click();
  const printed = pdfText(await readFile(await (await download).path()), { layout: false });
  const text = printed.replace(/\s+/g, ' ');
  expect(text).toContain(
    `Puede verificar comprobante en http://localhost:${E2E_PORT}/comprobantes/verificar`,
  );
  expect(text).not.toContain('www.dgi.gub.uy');
  const [, serie, number] = /Serie ([A-Z]+) N° (\d+)/.exec(text)!;
  const code = /Código de seguridad:\s*(\S{6})/.exec(printed)![1]!;

  // Anyone, signed in or not, checks it there.
  const visitor = await browser.newPage();
  // Rendered on the server, with its title, like the other public pages.
  const html = await (await visitor.request.get('/comprobantes/verificar')).text();
  expect(html).toContain('<title>Verificar comprobante · Tienda</title>');
  expect(html).toContain('Verificá tu e-Ticket');
  await visitor.goto('/comprobantes/verificar');
  await expect(visitor).toHaveTitle('Verificar comprobante · Tienda');
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Verificá tu e-Ticket' }),
  ).toBeVisible();
  await screenshots(visitor, 'verificar-comprobante');

  // Empty, the form asks for each value at its field.
  await visitor.getByRole('button', { name: 'Verificar comprobante' }).click();
  await expect(visitor.getByText('Ingresá la serie', { exact: true })).toBeVisible();
  await expect(visitor.getByText('Ingresá el número', { exact: true })).toBeVisible();
  await expect(visitor.getByText('Ingresá el código de seguridad', { exact: true })).toBeVisible();

  await visitor.getByLabel('Serie').fill(serie!);
  await visitor.getByLabel('Número').fill(number!);
  // The same code with one letter's case changed is another code.
  const wrong = code.replace(/[a-z]/i, (c) =>
    c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
  );
  const wrongCode = wrong === code ? `${code.slice(0, 5)}${code[5] === 'x' ? 'y' : 'x'}` : wrong;
  await visitor.getByLabel('Código de seguridad').fill(wrongCode);
  await visitor.getByRole('button', { name: 'Verificar comprobante' }).click();
  await expect(visitor.getByRole('alert').getByText(NOT_FOUND)).toBeVisible();
  await screenshots(visitor, 'verificar-comprobante-no-encontrado');

  await visitor.getByLabel('Código de seguridad').fill(code);
  await visitor.getByRole('button', { name: 'Verificar comprobante' }).click();
  const result = visitor.getByRole('status').filter({ hasText: 'Encontramos tu comprobante' });
  await expect(result).toBeVisible();
  for (const [label, value] of [
    ['Tipo', 'e-Ticket'],
    ['Serie y número', `Serie ${serie} N° ${number}`],
    ['Total', total.replace(/\s*\+\s*IVA$/, '')],
    ['Estado en DGI', 'Aceptado por DGI'],
  ] as const) {
    await expect(result.getByText(label, { exact: true })).toBeVisible();
    await expect(result.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(result.getByText('Consumidora Verifica')).toHaveCount(0);
  await screenshots(visitor, 'verificar-comprobante-encontrado');

  // The printed values in the address fill the form in.
  await visitor.goto(
    `/comprobantes/verificar?serie=${serie}&numero=${number}&codigo=${encodeURIComponent(code)}`,
  );
  await expect(visitor.getByLabel('Código de seguridad')).toHaveValue(code);
  await expect(visitor.getByLabel('Serie')).toHaveValue(serie!);
  await visitor.close();
});
