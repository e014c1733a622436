// Negotiated prices and fast reordering in the browser: a company's discount shown
// and quoted while a visitor's page stays as it was, the quick order by SKU, 'Volver a pedir',
// a saved list, and an out-of-stock line quoted and answered by staff.
import type { Browser, Page } from '@playwright/test';
import { messages } from '@shared/messages';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import { freshRut } from '../support/rut';
import { createBrand, createCategory, createProduct, uniqueSuffix } from './catalog-helpers';
import { requestQuote, screenshots } from './orders-helpers';

const openCart = async (page: Page) => {
  await page.getByRole('button', { name: /^Carrito,/ }).click();
  return page.getByRole('dialog', { name: 'Carrito' });
};

async function asAdmin(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  return admin;
}

/** A product of a brand of its own: 1000.00 with 5 % from 10 units, SKU given. */
async function negotiatedProduct() {
  const suffix = uniqueSuffix();
  const brandName = `Acme ${suffix}`;
  const brandId = await createBrand(brandName);
  const categoryId = await createCategory(`Categoría Acuerdo ${suffix}`);
  const sku = `SRV-${suffix}`.toUpperCase();
  const product = await createProduct({
    name: `Servidor Acuerdo ${suffix}`,
    brandId,
    categoryId,
    variants: [
      {
        colorName: 'Negro',
        color: '#000000',
        storage: '1 TB',
        price: 1000,
        stock: 30,
        sku,
        tiers: [{ minQuantity: 10, percentOff: 5 }],
      },
    ],
  });
  return { ...product, brandName, sku };
}

test('a company’s discount is shown to its member and quoted; a visitor’s page is unchanged', async ({
  page,
  browser,
}) => {
  const product = await negotiatedProduct();

  // A buyer registers their company's data and so becomes its administrator.
  const member = await registerCustomer(page, 'Compras Acme');
  const companyName = `Acuerdo ${uniqueSuffix()} S.A.`;
  const rut = freshRut();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(companyName);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();

  // Staff give the company 20 % off the brand, on the company's page.
  const admin = await asAdmin(browser);
  await admin.goto('/dashboard/clientes?vista=empresas');
  await admin.getByLabel('Buscar clientes').fill(rut);
  await admin.getByRole('button', { name: 'Buscar' }).click();
  await admin.getByRole('link', { name: companyName }).filter({ visible: true }).first().click();
  await expect(admin.getByRole('heading', { name: companyName })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Miembros' })).toContainText(member.fullName);
  const negotiated = admin.getByRole('region', { name: 'Precios negociados' });
  await expect(negotiated.getByText('Esta empresa paga precios de lista.')).toBeVisible();
  // The form checks with the procedure's own schema, one shape per kind, and puts the
  // server's refusal (an unknown SKU) under its field.
  const ruleForm = negotiated.getByRole('form', { name: 'Agregar regla de precio' });
  await ruleForm.getByRole('button', { name: 'Agregar regla' }).click();
  await expect(ruleForm.getByLabel('Marca', { exact: true })).toHaveAccessibleDescription(
    'Elegí una marca',
  );
  await expect(ruleForm.getByLabel('Descuento %')).toHaveAccessibleDescription(
    'Ingresá el descuento',
  );
  await ruleForm.getByLabel('Se aplica a').selectOption('variant');
  await ruleForm.getByLabel('SKU del producto').fill('NO-EXISTE');
  await ruleForm.getByLabel('Precio fijo (US$)').fill('10');
  await ruleForm.getByRole('button', { name: 'Agregar regla' }).click();
  await expect(ruleForm.getByLabel('SKU del producto')).toHaveAccessibleDescription(
    messages.priceRuleSkuUnknown,
  );
  await negotiated.getByLabel('Se aplica a').selectOption('brand');
  await negotiated.getByLabel('Marca', { exact: true }).selectOption({ label: product.brandName });
  await negotiated.getByLabel('Descuento %').fill('20');
  await negotiated.getByRole('button', { name: 'Agregar regla' }).click();
  const rules = negotiated.getByRole('table', { name: 'Reglas de precio' });
  await expect(rules).toContainText(product.brandName);
  await expect(rules).toContainText('20 % menos');
  await negotiated.scrollIntoViewIfNeeded();
  await screenshots(admin, 'dashboard-company-price-rules');

  // Its member sees 'Tu precio' beside the crossed list price.
  await page.goto(`/producto/${product.slug}`);
  const yourPrice = page.getByTestId('your-price');
  await expect(yourPrice).toContainText('Tu precio');
  await expect(yourPrice).toContainText('US$ 800,00');
  await expect(yourPrice.locator('s')).toHaveText('US$ 1.000,00');
  const tiers = page.getByRole('table').filter({ hasText: 'Desde 10 unidades' });
  await expect(page.getByRole('heading', { name: 'Precios por volumen' })).toBeVisible();
  await expect(tiers).toContainText('US$ 950,00');
  await expect(page.getByText(`SKU: ${product.sku}`)).toBeVisible();
  await screenshots(page, 'product-your-price');

  // A visitor reads the same page with list prices only.
  const visitorContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/producto/${product.slug}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(visitor.getByRole('main').locator('p', { hasText: '+ IVA' }).first()).toContainText(
    'US$ 1.000,00',
  );
  await expect(visitor.getByRole('heading', { name: 'Precios por volumen' })).toBeVisible();
  await expect(visitor.getByText('Tu precio')).toHaveCount(0);
  await expect(visitor.getByText('US$ 800,00')).toHaveCount(0);
  await visitorContext.close();

  // The member's quote is priced at 800, and the line says why.
  await page.getByRole('button', { name: 'Agregar al carro' }).click();
  const cart = await openCart(page);
  await expect(cart.getByTestId('your-price')).toContainText('US$ 800,00');
  await screenshots(page, 'cart-your-price');
  await cart.getByRole('link', { name: 'Continuar con la Cotización' }).click();
  await expect(page.getByRole('list', { name: 'Productos' })).toContainText('US$ 800,00');
  const orderId = await requestQuote(page);
  await page.goto(`/account/pedidos/${orderId}`);
  await expect(page.getByText(`Marca ${product.brandName}: 20 %`)).toBeVisible();
  await expect(page.getByText('US$ 800,00 + IVA').first()).toBeVisible();
});

test('the quick order names an unknown SKU and adds the known ones; an order is ordered again', async ({
  page,
}) => {
  const product = await negotiatedProduct();
  await registerCustomer(page, 'Compras Rápidas');
  // From the account's menu and from the cart.
  await page.goto('/account/pedidos');
  await page
    .getByRole('navigation', { name: 'Mi cuenta' })
    .getByRole('link', { name: 'Pedido rápido' })
    .click();
  await expect(page).toHaveURL(/\/pedido-rapido$/);
  // A CSV file of 'SKU;cantidad' rows, as a spreadsheet saves it, fills the lines.
  await page.getByLabel('O subí un archivo CSV (SKU;cantidad)').setInputFiles({
    name: 'pedido.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`SKU;cantidad\r\nNO-EXISTE-999;1\r\n${product.sku.toLowerCase()};12\r\n`),
  });
  await expect(page.getByLabel('SKU y cantidad, uno por línea')).toHaveValue(
    new RegExp(`NO-EXISTE-999;1\\s+${product.sku.toLowerCase()};12`),
  );
  await page.getByRole('button', { name: 'Revisar pedido' }).click();
  await expect(page.getByText('No encontramos NO-EXISTE-999')).toBeVisible();
  const found = page.getByRole('list', { name: 'Productos encontrados' });
  await expect(found).toContainText(product.name);
  // Twelve units reach the public 5 % from ten: 950.
  await expect(found.getByTestId('your-price')).toContainText('US$ 950,00');
  await screenshots(page, 'quick-order');
  await page.getByRole('button', { name: 'Agregar al carro' }).click();
  const cart = page.getByRole('dialog', { name: 'Carrito' });
  await expect(
    cart.getByRole('listitem', { name: product.name }).getByLabel('Cantidad'),
  ).toHaveValue('12');
  await expect(cart.getByRole('link', { name: /Pedido rápido/ })).toBeVisible();
  await page.keyboard.press('Escape');

  const orderId = await requestQuote(page);
  await page.goto(`/account/pedidos/${orderId}`);
  await page.getByRole('button', { name: 'Volver a pedir' }).click();
  await expect(page.getByText('Agregamos 1 producto al carro').first()).toBeVisible();
  const again = page.getByRole('dialog', { name: 'Carrito' });
  await expect(again.getByRole('listitem', { name: product.name })).toBeVisible();
});

test('a cart saved as a list comes back from Listas de compra', async ({ page }) => {
  const product = await negotiatedProduct();
  await registerCustomer(page, 'Compras Mensuales');
  await page.goto(`/producto/${product.slug}`);
  await page.getByRole('button', { name: 'Agregar al carro' }).click();
  let cart = await openCart(page);
  await cart.getByRole('button', { name: 'Guardar como lista' }).click();
  await cart.getByLabel('Nombre de la lista').fill('Pedido mensual');
  await cart.getByRole('button', { name: 'Guardar lista' }).click();
  await expect(page.getByText('Lista guardada').first()).toBeVisible();
  await cart.getByRole('button', { name: 'Limpiar Carrito' }).click();
  await page.keyboard.press('Escape');

  await page.goto('/account/listas');
  const list = page.getByRole('listitem', { name: 'Pedido mensual' });
  await expect(list).toContainText('1 producto');
  await list.getByRole('button', { name: 'Ver productos' }).click();
  await expect(list).toContainText(product.name);
  await screenshots(page, 'purchase-lists');
  await list.getByRole('button', { name: 'Agregar al carro' }).click();
  cart = page.getByRole('dialog', { name: 'Carrito' });
  await expect(cart.getByRole('listitem', { name: product.name })).toBeVisible();
});

test('an out-of-stock line is quoted without stock and staff date it in the revision', async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const brandId = await createBrand(`Marca Sin Stock ${suffix}`);
  const categoryId = await createCategory(`Categoría Sin Stock ${suffix}`);
  const product = await createProduct({
    name: `Monitor Sin Stock ${suffix}`,
    brandId,
    categoryId,
    variants: [{ colorName: 'Negro', color: '#000000', storage: '27"', price: 300, stock: 0 }],
  });
  await registerCustomer(page, 'Compras Pacientes');
  await page.goto(`/producto/${product.slug}`);
  await page.getByRole('button', { name: 'Sumar uno' }).click();
  await page.getByRole('button', { name: 'Consultar disponibilidad' }).click();
  const cart = await openCart(page);
  await expect(cart.getByRole('listitem', { name: product.name })).toContainText(
    'Sin stock: plazo a confirmar',
  );
  await page.keyboard.press('Escape');
  const orderId = await requestQuote(page);
  await page.goto(`/account/pedidos/${orderId}`);
  await expect(page.getByText('Sin stock: plazo a confirmar')).toBeVisible();

  const admin = await asAdmin(browser);
  await admin.goto(`/dashboard/ordenes/${orderId}`);
  await expect(admin.getByText('Sin stock: plazo a confirmar').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Preparar cotización' }).click();
  await expect(admin.getByLabel('Sin stock (no reserva)')).toBeChecked();
  await admin.getByLabel('Precio unit. (US$)').fill('280.00');
  await admin.getByLabel('Entrega estimada').fill('2030-03-15');
  await admin.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(admin.getByText('Sin stock: entrega estimada 15/03/2030')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Sin stock: entrega estimada 15/03/2030')).toBeVisible();
  await expect(page.getByTestId('revision-total')).toContainText('US$ 683,20');
});
