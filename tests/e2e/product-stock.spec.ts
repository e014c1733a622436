import { expect, expectToast, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import {
  inStockProducts,
  requestQuote,
  screenshots,
  seedCart,
  variantStock,
} from './orders-helpers';

test('a save over a stock reserved meanwhile is refused, says why and keeps the edits', async ({
  page,
  browser,
}) => {
  const [product] = await inStockProducts(page.request, 1, 2);
  const variant = product!.variants[0]!;
  const stockBefore = await variantStock(page.request, product!.slug, variant.id);

  await loginAsAdmin(page);
  await page.goto(`/dashboard/productos/editar/${product!.slug}`);
  const nameField = page.getByLabel('Nombre', { exact: true });
  await expect(nameField).toHaveValue(product!.name);
  await nameField.fill(`${product!.name} (editado)`);

  // Meanwhile a customer reserves one unit of that product.
  const shopper = await browser.newContext();
  const customerPage = await shopper.newPage();
  await registerCustomer(customerPage);
  await seedCart(customerPage, product!, variant, 1);
  await requestQuote(customerPage);
  await shopper.close();
  expect(await variantStock(page.request, product!.slug, variant.id)).toBe(stockBefore - 1);

  await page.getByRole('button', { name: 'Guardar Producto' }).click();
  const message = `El stock cambió mientras editabas: ${product!.name}. Recargá para ver el valor actual.`;
  await expect(page.locator('[data-sonner-toast]').getByText(message)).toBeVisible();
  await screenshots(page, 'stale-stock');
  // Still on the form, with the admin's edit, and the message under the variants.
  await expect(page).toHaveURL(/\/dashboard\/productos\/editar\//);
  await expect(nameField).toHaveValue(`${product!.name} (editado)`);
  await expect(page.getByRole('group', { name: 'Variantes' })).toContainText(message);
  expect(await variantStock(page.request, product!.slug, variant.id)).toBe(stockBefore - 1);

  // After a reload the form holds the current stock and saves.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Variante 1' }).getByLabel('Stock')).toHaveValue(
    String(stockBefore - 1),
  );
  await page.getByRole('button', { name: 'Guardar Producto' }).click();
  await expectToast(page, 'Producto actualizado');
  expect(await variantStock(page.request, product!.slug, variant.id)).toBe(stockBefore - 1);
});
