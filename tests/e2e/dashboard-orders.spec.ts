import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import {
  inStockProducts,
  productBySlug,
  requestQuote,
  screenshots,
  seedCart,
  variantStock,
} from './orders-helpers';

test('reopening a cancelled order without stock fails, keeps the status and says why', async ({
  page,
  browser,
}) => {
  await registerCustomer(page, 'Compradora Mayorista');
  const [listed] = await inStockProducts(page.request, 1);
  const product = await productBySlug(page.request, listed!.slug);
  const variant = product.variants[0]!;
  const initialStock = variant.stock;

  // The whole stock twice: the second order only fits because the first was cancelled.
  await seedCart(page, product, variant, initialStock);
  const cancelledId = await requestQuote(page);
  expect(await variantStock(page.request, product.slug, variant.id)).toBe(0);

  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  // The status changes on the order's page, never from the list
  // (docs/decisions/092-one-desk-for-quotes.md).
  await admin.goto(`/dashboard/ordenes/${cancelledId}`);
  const statusSelect = admin.getByLabel('Estado');
  await statusSelect.selectOption('Cancelado');
  await admin.getByLabel('Motivo').fill('Pedido duplicado');
  await admin.getByRole('button', { name: 'Confirmar cancelado' }).click();
  await expect.poll(() => variantStock(page.request, product.slug, variant.id)).toBe(initialStock);

  await seedCart(page, product, variant, initialStock);
  const keptId = await requestQuote(page);
  expect(await variantStock(page.request, product.slug, variant.id)).toBe(0);

  await admin.reload();
  await statusSelect.selectOption('Cotización');
  await expect(
    admin.getByText(
      `No se pudo actualizar el estado de la orden. Stock insuficiente: ${product.name}`,
    ),
  ).toBeVisible();
  await expect(statusSelect).toHaveValue('Cancelado');
  expect(await variantStock(page.request, product.slug, variant.id)).toBe(0);

  // Newest first, no status select on the rows, and the status filter lives in the URL.
  await admin.goto('/dashboard/ordenes');
  const cards = admin.getByRole('list', { name: 'Órdenes' }).getByRole('listitem');
  const cancelledRow = cards.filter({ hasText: `#${cancelledId} ·` });
  await expect(cards.first()).toContainText(`#${keptId} ·`);
  await expect(admin.getByRole('list', { name: 'Órdenes' }).locator('select')).toHaveCount(0);
  await admin.getByLabel('Filtrar por estado').selectOption('Cancelado');
  await expect(admin).toHaveURL(/status=Cancelado/);
  await expect(cancelledRow).toBeVisible();
  await expect(cards.filter({ hasText: `#${keptId} ·` })).toHaveCount(0);
  const statuses = await cards.evaluateAll((items) => items.map((item) => item.textContent ?? ''));
  expect(statuses.length).toBeGreaterThan(0);
  for (const text of statuses) expect(text).toContain('Cancelado');

  // The detail shows the real date and every change with its author.
  await cancelledRow.getByRole('link', { name: `#${cancelledId}` }).click();
  await expect(admin.getByRole('heading', { name: `Pedido #${cancelledId}` })).toBeVisible();
  await expect(admin.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(admin.getByText('Creada como Cotización')).toBeVisible();
  await expect(admin.getByText('Cotización → Cancelado')).toBeVisible();
  await expect(admin.getByText('Cancelado → Cotización')).toHaveCount(0);

  // Cancelling the second order from its detail page gives the stock back.
  await admin.goto(`/dashboard/ordenes/${keptId}`);
  await admin.getByLabel('Estado').selectOption('Cancelado');
  await admin.getByLabel('Motivo').fill('Sin stock del proveedor');
  await admin.getByRole('button', { name: 'Confirmar cancelado' }).click();
  await expect(admin.getByText('Cotización → Cancelado')).toBeVisible();
  await expect(admin.getByText('Motivo: Sin stock del proveedor')).toBeVisible();
  expect(await variantStock(page.request, product.slug, variant.id)).toBe(initialStock);
  await adminContext.close();
});

test('staff give a customer a cap of their own, which the checkout then applies; the typed e-mail is only a contact', async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page, 'Comprador Vigilado');
  const [listed] = await inStockProducts(page.request, 1);
  const product = await productBySlug(page.request, listed!.slug);
  const variant = product.variants[0]!;
  await seedCart(page, product, variant, 1);
  await page.goto('/checkout');
  await page.getByLabel('Correo electrónico').fill('compras@otra-empresa.uy');
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/thank-you$/);
  const orderId = Number(/\/checkout\/(\d+)\//.exec(page.url())![1]);

  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/dashboard/ordenes/${orderId}`);
  const box = admin.getByRole('region', { name: 'Cliente y envío' });
  await expect(box.getByText(customer.email, { exact: true })).toBeVisible();
  await expect(box.getByText('Correo de contacto: compras@otra-empresa.uy')).toBeVisible();
  await expect(box.getByText(/Unidades reservadas: 1 de \d+ \(tope general\)/)).toBeVisible();

  await box.getByLabel('Tope propio').fill('2');
  await box.getByRole('button', { name: 'Guardar tope' }).click();
  await expect(admin.getByText('Tope del cliente guardado')).toBeVisible();
  await expect(box.getByText('Unidades reservadas: 1 de 2 (tope propio)')).toBeVisible();
  await screenshots(admin, 'orden-tope-propio');

  // Two more units would hold three: the checkout says so, and nothing is reserved.
  const stockBefore = await variantStock(page.request, product.slug, variant.id);
  await seedCart(page, product, variant, 2);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(
    page.getByText('Para cantidades mayores, escribinos y te preparamos una cotización especial.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await variantStock(page.request, product.slug, variant.id)).toBe(stockBefore);

  await box.getByRole('button', { name: 'Usar el general' }).click();
  await expect(admin.getByText('El cliente vuelve al tope general')).toBeVisible();
  await expect(box.getByText(/Unidades reservadas: 1 de \d+ \(tope general\)/)).toBeVisible();
  await expect(box.getByLabel('Tope propio')).toHaveValue('');
  await adminContext.close();
});

test('customers are kept out of the dashboard orders', async ({ page }) => {
  await registerCustomer(page);
  await page.goto('/dashboard/ordenes');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
});
