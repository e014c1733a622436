// A quantity is typed, not tapped, on the product page, in the cart and at the checkout; what
// a line cannot take is said under the field and not applied (docs/product.md#producto).
import type { Locator, Page } from '@playwright/test';
import { expect, expectToast, registerCustomer, test } from '../support/fixtures';
import { createBrand, createCategory, createProduct, uniqueSuffix } from './catalog-helpers';
import { readCart, screenshots } from './orders-helpers';

const CAP = 'Podés pedir hasta 999 unidades por producto.';
const NOT_A_QUANTITY = 'Escribí una cantidad entera entre 1 y 999.';

async function productWith(stock: number) {
  const suffix = uniqueSuffix();
  return createProduct({
    name: `Cable UTP Categoría 6 blindado para exteriores ${suffix}`,
    brandId: await createBrand(`Marca ${suffix}`),
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [{ colorName: 'Gris', color: '#555555', storage: '305 m', price: 10.5, stock }],
  });
}

/** Types `text` into the field and leaves it with Enter, as a buyer would. */
async function typeQuantity(field: Locator, text: string) {
  await field.fill(text);
  await field.press('Enter');
}

/** The refusal is said, tied to the field, and the quantity that holds is shown again. */
async function expectRefused(
  scope: Locator | Page,
  field: Locator,
  sentence: string,
  kept: string,
) {
  await expect(scope.getByText(sentence)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(sentence);
  await expect(field).toHaveValue(kept);
}

for (const width of [360, 1440]) {
  test(`at ${width} px a typed quantity reaches the cart and the checkout, and more than a line takes is refused`, async ({
    page,
  }) => {
    const product = await productWith(5000);
    await registerCustomer(page);
    await page.setViewportSize({ width, height: 900 });
    const shoot = async (name: string) => {
      if (width !== 1440) return;
      await screenshots(page, name);
      await page.setViewportSize({ width, height: 900 });
    };

    // Product page: 12 typed, not eleven taps.
    await page.goto(`/producto/${product.slug}`);
    const field = page.getByRole('textbox', { name: 'Cantidad' });
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await typeQuantity(field, '1000');
    await expectRefused(page, field, CAP, '1');
    await shoot('typed-quantity-product-refused');
    await typeQuantity(field, '12');
    await expect(page.getByText(CAP)).toHaveCount(0);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(field).toHaveValue('12');
    await page.getByRole('button', { name: 'Agregar al carro' }).click();
    await expectToast(page, 'Producto añadido al carrito');
    await shoot('typed-quantity-product');

    // The cart: 12 there, 15 typed changes the total; 1000 and 0 are refused.
    await page.getByRole('button', { name: 'Carrito, 12 artículos' }).click();
    const cart = page.getByRole('dialog', { name: 'Carrito' });
    const line = cart.getByRole('listitem', { name: product.name });
    const cartField = line.getByRole('textbox', { name: 'Cantidad' });
    await expect(cartField).toHaveValue('12');
    await expect(cart).toContainText('US$ 126,00');
    await typeQuantity(cartField, '15');
    await expect(cart.getByText('15 artículos')).toBeVisible();
    await expect(cart).toContainText('US$ 157,50');
    await typeQuantity(cartField, '1000');
    await expectRefused(line, cartField, CAP, '15');
    await typeQuantity(cartField, '0');
    await expectRefused(line, cartField, NOT_A_QUANTITY, '15');
    await expect(cart).toContainText('US$ 157,50');
    expect((await readCart(page)).map((item) => item.quantity)).toEqual([15]);
    // The buttons beside the field still step by one, 40 px square at least.
    const plus = line.getByRole('button', { name: 'Sumar uno' });
    const box = await plus.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(40);
    expect(box!.height).toBeGreaterThanOrEqual(40);
    await plus.click();
    await expect(cartField).toHaveValue('16');
    await expect(cartField).not.toHaveAttribute('aria-invalid');
    await shoot('typed-quantity-cart');
    await page.keyboard.press('Escape');

    // The checkout: the summary's line total follows the typed quantity.
    await page.goto('/checkout');
    const summary = page.getByRole('list', { name: 'Productos' });
    const summaryLine = summary.getByRole('listitem', { name: product.name });
    const summaryField = summaryLine.getByRole('textbox', { name: 'Cantidad' });
    await expect(summaryField).toHaveValue('16');
    await expect(summaryLine.getByTestId('line-total')).toHaveText('US$ 168,00');
    await summaryField.fill('20');
    await summaryField.blur();
    await expect(summaryLine.getByTestId('line-total')).toHaveText('US$ 210,00');
    await typeQuantity(summaryField, '1000');
    await expectRefused(summaryLine, summaryField, CAP, '20');
    await expect(summaryLine.getByTestId('line-total')).toHaveText('US$ 210,00');
    expect((await readCart(page)).map((item) => item.quantity)).toEqual([20]);
    // The product's whole name is there, and on a phone the summary comes before the button
    // that sends the quote.
    const name = summaryLine.getByText(product.name, { exact: true });
    await expect(name).toBeVisible();
    expect(
      await name.evaluate(
        (element) =>
          element.scrollWidth <= element.clientWidth &&
          element.scrollHeight <= element.clientHeight,
      ),
      'the name is not cut',
    ).toBe(true);
    const summaryBox = await summary.boundingBox();
    const submitBox = await page
      .getByRole('button', { name: 'Solicitar Cotización' })
      .boundingBox();
    if (width === 360) expect(summaryBox!.y).toBeLessThan(submitBox!.y);
    await shoot('typed-quantity-checkout');
  });
}

test('the product page refuses more than the stock left, naming it', async ({ page }) => {
  const product = await productWith(5);
  await page.goto(`/producto/${product.slug}`);
  const field = page.getByRole('textbox', { name: 'Cantidad' });
  await typeQuantity(field, '6');
  await expectRefused(page, field, 'Solo quedan 5 unidades en stock.', '1');
  await typeQuantity(field, '5');
  await expect(field).toHaveValue('5');
  await expect(page.getByRole('button', { name: 'Sumar uno' })).toBeDisabled();
});
