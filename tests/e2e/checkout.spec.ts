import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import {
  addFromProductPage,
  inStockProducts,
  productBySlug,
  readCart,
  requestQuote,
  requestQuoteForOneProduct,
  screenshots,
  seedCart,
  variantStock,
} from './orders-helpers';

const openCart = async (page: Page) => {
  await page.getByRole('button', { name: /^Carrito,/ }).click();
  return page.getByRole('dialog', { name: 'Carrito' });
};

const QUOTE_SUCCESS = '¡Gracias por elegirnos! Un agente se va a comunicar con vos a la brevedad.';

test('a signed-out visitor is sent to log in and comes back to the checkout', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout/);
  await page.getByRole('link', { name: /Registrate/ }).click();
  await registerCustomer(page);
  await page.goto('/checkout');
  await expect(page.getByText('Tu carro está vacío')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Empezar a comprar' })).toHaveAttribute(
    'href',
    '/tienda',
  );
  await screenshots(page, 'checkout-empty');
});

test('a new customer requests a quote, follows it, and the admin cancels it returning the stock', async ({
  page,
  browser,
}) => {
  const customer = await registerCustomer(page, 'María Pérez');
  const products = await inStockProducts(page.request, 2);
  for (const product of products) await addFromProductPage(page, product.slug);
  const cart = await readCart(page);
  expect(cart).toHaveLength(2);
  const stockBefore = await Promise.all(
    cart.map((line) => variantStock(page.request, line.productId, line.variantId)),
  );

  await page.goto('/checkout');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(customer.email);
  const summary = page.getByRole('list', { name: 'Productos' });
  for (const line of cart) await expect(summary.getByText(line.name)).toBeVisible();
  await expect(page.getByText('Gratis')).toBeVisible();
  await page.getByLabel('Teléfono (opcional)').fill('099 123 456');
  await page.getByLabel('Mensaje (opcional)').fill('Necesitamos factura a nombre de la empresa.');
  await screenshots(page, 'checkout-form');

  // Hold the request to see what the customer sees while it is being processed.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/trpc/orders.requestQuote**', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(page.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
  await expect(page.getByText('Estamos procesando tu pedido')).toBeVisible();
  release();
  await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/\d+\/thank-you$/);
  const orderId = Number(/\/checkout\/(\d+)\//.exec(page.url())![1]);

  await expect(page.getByRole('heading', { name: '¡Gracias, María!' })).toBeVisible();
  for (const line of cart) await expect(page.getByText(line.name)).toBeVisible();
  expect(await readCart(page)).toEqual([]);
  const stockAfter = await Promise.all(
    cart.map((line) => variantStock(page.request, line.productId, line.variantId)),
  );
  expect(stockAfter).toEqual(stockBefore.map((stock, index) => stock - cart[index]!.quantity));
  await screenshots(page, 'thank-you');

  await page.goto('/account/pedidos');
  const row = page.getByRole('row').filter({ hasText: `#${orderId}` });
  await expect(row).toContainText('Cotización');
  await screenshots(page, 'account-orders');
  await row.click();
  await expect(page.getByRole('heading', { name: `Pedido #${orderId}` })).toBeVisible();
  const customerBox = page.getByRole('region', { name: 'Cliente y envío' });
  await expect(customerBox).toContainText('María Pérez');
  // Nothing chosen at checkout: the goods are picked up at the store.
  await expect(customerBox).toContainText('Retiro en el local');
  await screenshots(page, 'account-order');

  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto('/dashboard/ordenes');
  const adminRow = admin
    .getByRole('list', { name: 'Órdenes' })
    .getByRole('listitem')
    .filter({ hasText: `#${orderId} ·` });
  await expect(adminRow).toContainText(customer.email);
  await expect(adminRow).toContainText('María Pérez');
  await screenshots(admin, 'dashboard-orders');

  // The status changes on the order's page (docs/decisions/092-one-desk-for-quotes.md).
  await adminRow.getByRole('link', { name: `#${orderId}` }).click();
  await expect(admin.getByRole('heading', { name: `Pedido #${orderId}` })).toBeVisible();
  const saved = admin.waitForResponse((response) =>
    response.url().includes('admin.orders.setStatus'),
  );
  await admin.getByLabel('Estado').selectOption('Cancelado');
  await admin.getByLabel('Motivo').fill('El cliente pidió cancelar');
  await admin.getByRole('button', { name: 'Confirmar cancelado' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(admin.getByLabel('Estado')).toHaveValue('Cancelado');
  await expect(admin.getByText('Cotización → Cancelado')).toBeVisible();
  await screenshots(admin, 'dashboard-order');
  await adminContext.close();

  const stockRestored = await Promise.all(
    cart.map((line) => variantStock(page.request, line.productId, line.variantId)),
  );
  expect(stockRestored).toEqual(stockBefore);
  await page.goto(`/account/pedidos/${orderId}`);
  await expect(page.getByText('Cancelado', { exact: true })).toBeVisible();
});

test('the cart is empty as soon as the server takes the quote, even if the customer leaves at once', async ({
  page,
}) => {
  await registerCustomer(page);
  const [product] = await inStockProducts(page.request, 1);
  await addFromProductPage(page, product!.slug);
  await page.goto('/checkout');

  // The thank-you page never finishes loading: its order stays on the way.
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('orders.get'),
    () => undefined,
  );
  const accepted = page.waitForResponse((response) =>
    response.url().includes('orders.requestQuote'),
  );
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  expect((await accepted).ok()).toBe(true);
  // The success toast comes from the same answer; the customer leaves right then.
  await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^¡Gracias/ })).toHaveCount(0);
  // Meanwhile the checkout keeps showing what was sent, under the overlay.
  await expect(page.getByText('Estamos procesando tu pedido')).toBeVisible();
  await expect(page.getByText(product!.name)).toBeVisible();
  await expect(page.getByText('Tu carro está vacío')).toHaveCount(0);
  await page.goto('/');

  expect(await readCart(page)).toEqual([]);
  // Opening the sheet waits for the page to run, and so for the saved cart to be read.
  const cartSheet = await openCart(page);
  await expect(cartSheet.getByText('Tu carro está vacío')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Carrito, 0 artículos' })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a quote refused for stock keeps the cart and says why; the form checks its fields', async ({
  page,
  browser,
}) => {
  await registerCustomer(page);
  const [product] = await inStockProducts(page.request, 1);
  const detail = await productBySlug(page.request, product!.slug);
  const variant = detail.variants[0]!;
  // More than is left: the checkout brings the line down to the stock before anything is sent.
  await seedCart(page, detail, variant, variant.stock + 1);

  await page.goto('/checkout');
  await expect.poll(async () => (await readCart(page))[0]?.quantity).toBe(variant.stock);
  await page.getByLabel('Correo electrónico').fill('');
  // The store's courier needs one of the buyer's delivery sites, and this buyer has none yet.
  await page.getByRole('radio', { name: /Envío en Montevideo/ }).check();
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(page.getByText('Ingresá un correo válido')).toBeVisible();
  await expect(page.getByText('Elegí el lugar de entrega')).toBeVisible();
  await screenshots(page, 'checkout-errors');

  // Someone else takes a unit while this customer fills the form: the server refuses.
  await anotherCustomerQuotes(browser, detail, variant);
  await page.getByRole('radio', { name: /Retiro en el local/ }).check();
  await page.getByLabel('Correo electrónico').fill('compras@empresa.uy');
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(page.getByText(`Stock insuficiente: ${detail.name}`)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  // The cart stays, brought down to what is left now.
  await expect
    .poll(async () => readCart(page))
    .toEqual([expect.objectContaining({ variantId: variant.id, quantity: variant.stock - 1 })]);
  expect(await variantStock(page.request, detail.slug, variant.id)).toBe(variant.stock - 1);

  // The refreshed cart goes through.
  const orderId = await requestQuote(page);
  expect(orderId).toBeGreaterThan(0);
});

async function anotherCustomerQuotes(
  browser: Browser,
  detail: Awaited<ReturnType<typeof productBySlug>>,
  variant: Awaited<ReturnType<typeof productBySlug>>['variants'][number],
) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const other = await context.newPage();
  await registerCustomer(other, 'Otra Empresa');
  await seedCart(other, detail, variant, 1);
  await requestQuote(other);
  await context.close();
}

test('a customer cannot open another customer’s order', async ({ page, browser }) => {
  await registerCustomer(page, 'Primera Clienta');
  const orderId = await requestQuoteForOneProduct(page);

  const otherContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const other = await otherContext.newPage();
  await registerCustomer(other, 'Otro Cliente');
  // Another customer's order reads exactly as one that does not exist: nothing tells them apart.
  const missingId = orderId + 100_000;
  for (const id of [orderId, missingId]) {
    await other.goto(`/checkout/${id}/thank-you`);
    await expect(other.getByRole('heading', { name: 'Pedido no encontrado' })).toBeVisible();
    await expect(
      other.getByRole('main').getByRole('link', { name: 'Seguir comprando' }),
    ).toBeVisible();
    await other.goto(`/account/pedidos/${id}`);
    await expect(other.getByRole('heading', { name: 'Pedido no encontrado' })).toBeVisible();
    await expect(other.getByText('Error al cargar la orden')).toHaveCount(0);
    if (id === orderId) await screenshots(other, 'account-order-not-found');
  }
  const shown = async (id: number) => {
    await other.goto(`/account/pedidos/${id}`);
    await expect(other.getByRole('heading', { name: 'Pedido no encontrado' })).toBeVisible();
    return other.getByRole('main').innerText();
  };
  expect(await shown(orderId)).toBe(await shown(missingId));
  await other.goto('/account/pedidos');
  await expect(other.getByText('Todavía no realizaste ningún pedido')).toBeVisible();
  await screenshots(other, 'account-orders-empty');
  await otherContext.close();
});
