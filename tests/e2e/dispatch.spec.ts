// After the handshake (docs/decisions/081-address-book-and-delivery-choice.md,
// 082-dispatches-and-delivery-notes.md): a buyer adds a delivery site and asks by agency to the
// interior, staff send 3 of 5 with a guide number, the buyer reads 'Despachado parcialmente'
// and the guide and downloads the Nota de entrega, staff send the rest and mark it delivered.
import { readFile } from 'node:fs/promises';
import { pdfText } from '../support/pdf-text';
import { expect, openAdminPage, registerCustomer, test } from '../support/fixtures';
import { mailReceived } from './mail-helpers';
import { inStockProducts, productBySlug, screenshots, seedCart } from './orders-helpers';

test('a partial dispatch by agency, the note downloaded, the rest sent and delivered', async ({
  page,
  browser,
}) => {
  // Two people, three forms, a PDF and eight screenshots: longer than one page's test.
  test.setTimeout(240_000);
  const buyer = await registerCustomer(page, 'Compras Interior');

  // A site of the buyer's own book, its phone typed as people write it.
  await page.goto('/account/empresa/direcciones');
  await page.getByRole('button', { name: 'Agregar lugar' }).click();
  await page.getByLabel('Nombre del lugar').fill('Depósito Paysandú');
  await page.getByLabel('Calle y número').fill('18 de Julio 1234');
  await page.getByLabel('Localidad').fill('Paysandú');
  await page.getByLabel('Departamento').selectOption({ label: 'Paysandú' });
  await page.getByLabel('Código postal (opcional)').fill('60000');
  await page.getByLabel('Teléfono').fill('099 123 45');
  await page.getByRole('button', { name: 'Agregar lugar' }).last().click();
  await expect(page.getByLabel('Teléfono')).toHaveAccessibleDescription(
    'Ingresá un teléfono uruguayo, por ejemplo 099 123 456',
  );
  await page.getByLabel('Teléfono').fill('099 123 456');
  await page.getByRole('button', { name: 'Agregar lugar' }).last().click();
  await expect(page.getByText('Guardamos el lugar de entrega.')).toBeVisible();

  // Five units, by DAC from Tres Cruces, freight paid at destination.
  const [listed] = await inStockProducts(page.request, 1, 5);
  const product = await productBySlug(page.request, listed!.slug);
  await seedCart(page, product, product.variants[0]!, 5);
  await page.goto('/checkout');
  await page.getByText('Agencia al interior').click();
  await page.getByLabel('Agencia', { exact: true }).selectOption('DAC');
  await page.getByLabel('Flete a cargo del cliente').check();
  await expect(page.getByLabel('Lugar de entrega')).toHaveValue(/\d+/);
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/thank-you$/);
  const orderId = Number(/\/checkout\/(\d+)\//.exec(page.url())![1]);

  // Staff quote it as asked and the buyer accepts.
  const admin = await openAdminPage(browser);
  await admin.page.goto(`/dashboard/ordenes/${orderId}`);
  await admin.page.getByRole('button', { name: 'Preparar cotización' }).click();
  // The revision starts from the buyer's choice; staff agree the freight is the store's.
  await expect(admin.page.getByRole('radio', { name: /Agencia al interior/ })).toBeChecked();
  await admin.page.getByLabel('Flete a cargo del cliente').uncheck();
  await admin.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(admin.page.getByText('Cotización vigente')).toBeVisible();
  await expect(admin.page.getByText('Agencia al interior · DAC', { exact: true })).toBeVisible();
  await page.goto(`/account/pedidos/${orderId}`);
  await page
    .getByRole('region', { name: 'Cotización actual' })
    .getByRole('button', { name: 'Aceptar cotización' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expect(
    page.getByRole('region', { name: 'Despacho' }).getByText('Por despachar'),
  ).toBeVisible();

  // Three of five leave with a guide; more than what is pending is refused at its line.
  await admin.page.reload();
  const goods = admin.page.getByRole('region', { name: 'Despacho' });
  await goods.getByRole('button', { name: 'Registrar despacho' }).click();
  const form = goods.getByRole('form', { name: 'Registrar despacho' });
  const quantity = form.getByRole('spinbutton');
  await expect(quantity).toHaveValue('5');
  await expect(quantity).toHaveAccessibleDescription('Quedan 5 por despachar');
  await expect(form.getByLabel('Agencia', { exact: true })).toHaveValue('DAC');
  await expect(form.getByLabel('Flete a cargo del cliente')).not.toBeChecked();
  await quantity.fill('3');
  await form.getByLabel('Número de guía (opcional)').fill('DAC-778899');
  await screenshots(admin.page, 'registrar-despacho');
  await form.getByRole('button', { name: 'Registrar despacho' }).click();
  await expect(
    admin.page.getByText('Registramos el despacho y le enviamos la nota de entrega al cliente.'),
  ).toBeVisible();
  await expect(goods.getByText('Despachado parcialmente')).toBeVisible();
  await expect(goods.getByText('3 de 5 despachadas')).toBeVisible();
  await expect(goods.getByText('Nota de entrega N° ', { exact: false }).first()).toBeVisible();

  // The buyer: the state, the guide, the mail and the note.
  await mailReceived({ to: buyer.email, subject: `Despachamos tu pedido N° ${orderId}` });
  await page.reload();
  const buyerGoods = page.getByRole('region', { name: 'Despacho' });
  await expect(buyerGoods.getByText('Despachado parcialmente')).toBeVisible();
  await expect(buyerGoods.getByText('DAC-778899')).toBeVisible();
  await expect(buyerGoods.getByText('3 de 5 despachadas')).toBeVisible();
  await screenshots(page, 'pedido-despachado-parcialmente');
  const download = page.waitForEvent('download');
  await buyerGoods.getByRole('link', { name: /Descargar Nota de entrega N°/ }).click();
  const note = pdfText(await readFile(await (await download).path()));
  expect(note).toContain('Depósito Paysandú');
  expect(note).toContain('DAC-778899');
  expect(note).toMatch(/no es un comprobante fiscal|no es un documento fiscal/i);

  // Both lists: the buyer's 'Por recibir', staff's pending dispatches with their 'Despacho'.
  await page.goto('/account/pedidos');
  await page.getByRole('navigation', { name: 'Filtrar pedidos' }).getByText('Por recibir').click();
  await expect(page).toHaveURL(/filtro=por-recibir/);
  const row = page.getByRole('row', { name: new RegExp(`#${orderId}\\b`) });
  await expect(row.getByText('Despachado parcialmente')).toBeVisible();
  await screenshots(page, 'mis-pedidos-por-recibir');
  await admin.page.goto('/dashboard/ordenes');
  await admin.page.getByLabel('Despacho').selectOption({ label: 'Pendiente' });
  await expect(admin.page).toHaveURL(/despacho=pendiente/);
  await expect(
    admin.page
      .getByRole('list', { name: 'Órdenes' })
      .getByRole('listitem')
      .filter({ hasText: `#${orderId} ·` })
      .getByText('Despachado parcialmente'),
  ).toBeVisible();
  await screenshots(admin.page, 'ordenes-despacho-pendiente');
  await admin.page.goto(`/dashboard/ordenes/${orderId}`);

  // The rest leaves, and staff record who received the first.
  await goods.getByRole('button', { name: 'Registrar despacho' }).click();
  await expect(form.getByRole('spinbutton')).toHaveValue('2');
  await form.getByLabel('Número de guía (opcional)').fill('DAC-778900');
  await form.getByRole('button', { name: 'Registrar despacho' }).click();
  await expect(goods.getByText('5 de 5 despachadas')).toBeVisible();
  await expect(goods.getByText('Despachado', { exact: true })).toBeVisible();
  await goods.getByRole('button', { name: 'Marcar entregado' }).first().click();
  const delivered = admin.page.getByRole('alertdialog');
  await delivered.getByRole('button', { name: 'Marcar entregado' }).click();
  await expect(delivered.getByLabel('Recibió')).toHaveAccessibleDescription(
    'Escribí quién recibió',
  );
  await delivered.getByLabel('Recibió').fill('Juan Pérez');
  await delivered.getByRole('button', { name: 'Marcar entregado' }).click();
  await expect(admin.page.getByText('Marcamos el despacho como entregado.')).toBeVisible();
  await expect(goods.getByText('recibió Juan Pérez', { exact: false })).toBeVisible();
  await screenshots(admin.page, 'orden-despachos');

  // The buyer confirms the second; the order is Entregado, and its history says so.
  await page.goto(`/account/pedidos/${orderId}`);
  await buyerGoods.getByRole('button', { name: 'Confirmar recepción' }).click();
  await expect(page.getByText('¡Gracias! Registramos que recibiste el despacho.')).toBeVisible();
  await expect(buyerGoods.getByText('Entregado', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Despacho: 3 unidades/)).toBeVisible();
  await screenshots(page, 'pedido-entregado');
  await admin.close();
});
