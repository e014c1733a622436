// What the customer sees is reconciled with the server: the session after a sign-out
// anywhere, and the cart's prices, stock and availability before a quote is sent.
import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/e2e-constants';
import {
  expect,
  expectToast,
  loginAsAdmin,
  login,
  registerCustomer,
  test,
  type TestCustomer,
} from '../support/fixtures';
import {
  createBrand,
  createCategory,
  createProduct,
  deleteProduct,
  uniqueSuffix,
  type VariantSpec,
} from './catalog-helpers';
import { addFromProductPage, screenshots } from './orders-helpers';

const PRICES_CHANGED = 'Los precios cambiaron. Revisá el nuevo total antes de enviar.';

async function productWith(label: string, variant: Partial<VariantSpec> = {}) {
  const suffix = uniqueSuffix();
  return createProduct({
    name: `${label} ${suffix}`,
    brandId: await createBrand(`Marca ${suffix}`),
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [
      { colorName: 'Gris', color: '#555555', storage: '256 GB', price: 1049, stock: 5, ...variant },
    ],
  });
}

/** The admin edits the product's only variant price through the dashboard form. */
async function adminSetsPrice(browser: Browser, slug: string, price: string) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/dashboard/productos/editar/${slug}`);
  const variant = admin.getByRole('group', { name: 'Variante 1' });
  await variant.getByLabel('Precio (US$)', { exact: true }).fill(price);
  await admin.getByRole('button', { name: 'Guardar Producto' }).click();
  await expectToast(admin, 'Producto actualizado');
  await context.close();
}

/** The customer signs in on another device and ends every session from there. */
async function endSessionsElsewhere(browser: Browser, customer: TestCustomer) {
  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  const elsewhere = await other.newPage();
  await login(elsewhere, customer.email, customer.password);
  await elsewhere.goto('/account');
  await elsewhere.getByRole('button', { name: /Cerrar sesión en todos los/ }).click();
  await expect(elsewhere).toHaveURL(/\/login$/);
  await other.close();
}

const openCart = async (page: Page) => {
  await page.getByRole('button', { name: /^Carrito,/ }).click();
  return page.getByRole('dialog', { name: 'Carrito' });
};

test.describe('session', () => {
  test('signing out from /account turns the header anonymous at once', async ({ page }) => {
    await registerCustomer(page);
    await page.goto('/account');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(header.getByLabel('Mi cuenta')).toHaveCount(0);
  });

  test('a session ended in another browser sends the next action to /login?redirect', async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page);
    const product = await productWith('Parlante Sesión');
    await addFromProductPage(page, product.slug);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Solicitar Cotización' })).toBeEnabled();

    await endSessionsElsewhere(browser, customer);

    await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }),
    ).toBeVisible();
    await expect(page.getByText('Usuario no autenticado')).toHaveCount(0);

    // Back in, the customer returns to the checkout with the cart as it was.
    await page.getByLabel('Correo electrónico').fill(customer.email);
    await page.getByLabel('Contraseña').fill(customer.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('a guarded page re-checks the session when the tab regains focus', async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page);
    await page.goto('/account/pedidos');
    await expect(page.getByRole('heading', { name: /pedidos/i }).first()).toBeVisible();

    await endSessionsElsewhere(browser, customer);

    // What the browser does when the customer switches back to this tab.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fpedidos$/);
  });
});

test.describe('cart against the server', () => {
  test('a price changed by the admin shows in the cart, and a quote with the old total is refused', async ({
    page,
    browser,
  }) => {
    await registerCustomer(page);
    const product = await productWith('Notebook Precio');
    await addFromProductPage(page, product.slug);

    await adminSetsPrice(browser, product.slug, '1199');
    let cart = await openCart(page);
    const line = cart.getByRole('listitem', { name: product.name });
    await expect(line).toContainText('US$ 1.199,00');
    await expect(line).toContainText('Precio actualizado: antes US$ 1.049,00');
    await expect(cart.getByText('Total').locator('..')).toContainText('US$ 1.199,00');
    await screenshots(page, 'cart-price-updated');
    await page.keyboard.press('Escape');

    await page.goto('/checkout');
    const summary = page.getByRole('list', { name: 'Productos' });
    await expect(summary).toContainText('US$ 1.199,00');
    await expect(summary).toContainText('+ IVA');

    // The price changes again while the customer fills the form.
    await adminSetsPrice(browser, product.slug, '1299');
    await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
    await expect(page.getByText(PRICES_CHANGED)).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(summary).toContainText('US$ 1.299,00');
    await expect(summary).toContainText('Precio actualizado: antes US$ 1.049,00');
    await screenshots(page, 'checkout-price-updated');

    await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+\/thank-you$/);
    await expect(page.getByText('US$ 1.299,00').first()).toBeVisible();
    cart = page.getByRole('list', { name: 'Productos' });
    await expect(cart).toContainText('+ IVA');
  });

  test('a product deleted by the admin is marked in the cart, removed, and the quote goes through', async ({
    page,
  }) => {
    await registerCustomer(page);
    const gone = await productWith('Monitor Borrado');
    const kept = await productWith('Teclado Vigente', { price: 80 });
    await addFromProductPage(page, gone.slug);
    await addFromProductPage(page, kept.slug);
    await deleteProduct(gone.id);

    await page.goto('/checkout');
    const blocked = page.getByRole('alert').filter({ hasText: gone.name });
    await expect(blocked).toBeVisible();
    await expect(page.getByRole('button', { name: 'Solicitar Cotización' })).toBeDisabled();
    await screenshots(page, 'checkout-unavailable');

    await page.goto('/tienda');
    const cart = await openCart(page);
    const line = cart.getByRole('listitem', { name: gone.name });
    await expect(line).toContainText('Ya no está disponible');
    await screenshots(page, 'cart-unavailable');
    await line.getByRole('button', { name: 'Eliminar' }).click();
    await expect(cart.getByRole('listitem')).toHaveCount(1);
    await expect(cart.getByText('Total').locator('..')).toContainText('US$ 80,00');

    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+\/thank-you$/);
    await expect(page.getByText(kept.name)).toBeVisible();
  });

  test('the stepper stops at the stock, and the product page counts what the cart holds', async ({
    page,
  }) => {
    const product = await productWith('Mouse Escaso', { stock: 2, price: 25 });
    await addFromProductPage(page, product.slug);
    const cart = await openCart(page);
    const line = cart.getByRole('listitem', { name: product.name });
    const plus = line.getByRole('button', { name: 'Sumar uno' });
    await plus.click();
    await expect(line.getByLabel('Cantidad')).toHaveValue('2');
    await expect(plus).toBeDisabled();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Agregar al carro' }).click();
    await expect(
      page.getByText('Solo quedan 2 unidades en stock y ya tenés 2 en el carrito.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Carrito, 2 artículos/ })).toBeVisible();
  });
});
