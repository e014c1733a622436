import type { Page } from '@playwright/test';
import { E2E_SHOP_COUNT_CAP } from '../support/e2e-constants';
import { expect, expectToast, test } from '../support/fixtures';
import {
  createBrand,
  createCategory,
  createProduct,
  uniqueSuffix,
  type VariantSpec,
} from './catalog-helpers';

const variant = (colorName: string, color: string, storage: string, price: number, stock = 5) =>
  ({ colorName, color, storage, price, stock }) satisfies VariantSpec;

/** 'US$ 1.099,00' -> 1099 */
const money = (text: string) =>
  Number(
    text
      .replace(/[^\d,.]/g, '')
      .replace(/\./g, '')
      .replace(',', '.'),
  );

const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).locator('p', { hasText: 'US$' }).allTextContents();
  return texts.map(money);
}

test('the shop filters, sorts and pages through the URL, and Back restores each state', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  // A name that sorts first, so the filter shows it without 'Ver más'.
  const brandName = `AAA Marca ${suffix}`;
  const brandId = await createBrand(brandName);
  const categoryId = await createCategory(`Categoría ${suffix}`);
  for (const price of [100, 300, 700]) {
    await createProduct({
      name: `Equipo ${price} ${suffix}`,
      brandId,
      categoryId,
      variants: [variant('Negro', '#000000', 'Único', price)],
    });
  }
  await page.goto('/tienda');
  // The whole catalogue is past the e2e store's count cap (shop-caps.spec.ts has the rest).
  const over = `más de ${E2E_SHOP_COUNT_CAP}`;
  await expect(page.getByText(`Más de ${E2E_SHOP_COUNT_CAP} productos disponibles`)).toBeVisible();
  await expect(page.getByText(`Mostrando 1 - 12 de ${over} productos`)).toBeVisible();
  await expect(cards(page)).toHaveCount(12);

  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Mostrando 13 - 24 de ${over} productos`)).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText(`Mostrando 1 - 12 de ${over} productos`)).toBeVisible();

  // Filters panel: a brand, then a price range.
  await page.getByRole('checkbox', { name: brandName, exact: true }).click();
  await expect(page).toHaveURL(/brands=/);
  await expect(page.getByText('3 producto(s) disponible(s)')).toBeVisible();
  for (const text of await cards(page).allTextContents()) expect(text).toContain(`${brandName} ·`);

  await page.getByLabel('Mínimo').fill('150');
  await page.getByLabel('Máximo').fill('600');
  await page.getByRole('button', { name: 'Aplicar precio' }).click();
  await expect(page).toHaveURL(/min=150.*max=600|max=600.*min=150/);
  await expect(async () => {
    expect(await cardPrices(page)).toEqual([300]);
  }).toPass();

  await page.getByRole('button', { name: 'Menor precio' }).click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(page.getByRole('button', { name: 'Menor precio' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(async () => {
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass();

  // A link reproduces the state; Back undoes one step at a time.
  const sortedUrl = page.url();
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByLabel('Mínimo')).toHaveValue('150');
  await page.goBack();
  await expect(page).not.toHaveURL(/min=/);
  await expect(page.getByLabel('Mínimo')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: brandName, exact: true })).toBeChecked();
  await page.goto(sortedUrl);
  await expect(page.getByRole('checkbox', { name: brandName, exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Menor precio' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the shop search ignores accents and reports what it found', async ({ page }) => {
  const suffix = uniqueSuffix();
  const name = `Cámara Térmica ${suffix}`;
  await createProduct({
    name,
    brandId: await createBrand(`Marca ${suffix}`),
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [variant('Negro', '#000000', 'Único', 89)],
  });
  const term = `camara termica ${suffix}`;
  await page.goto('/tienda');
  await page.getByRole('searchbox', { name: 'Buscar productos por nombre' }).fill(term);
  await expect(page).toHaveURL(/search=camara/);
  await expect(page.getByText(`1 producto(s) encontrado(s) para "${term}"`)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(name);
});

test('a product page selects variants, fills the cart and the cart survives a reload', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const phone = await createProduct({
    name: `Celular Prueba ${suffix}`,
    brandId: await createBrand(`Marca ${suffix}`),
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [
      variant('Negro', '#000000', '128 GB', 1099),
      variant('Negro', '#000000', '256 GB', 1249),
      variant('Azul', '#1d4ed8', '128 GB', 1099),
      variant('Azul', '#1d4ed8', '256 GB', 1249),
      variant('Rosa', '#f9a8d4', '128 GB', 1099, 0),
      variant('Verde', '#15803d', '256 GB', 1249),
    ],
  });
  await page.goto(`/tienda?search=${suffix}`);
  await page.getByRole('link', { name: phone.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: phone.name })).toBeVisible();

  const colours = page.getByRole('radiogroup', { name: 'Color', exact: true });
  const storage = page.getByLabel('Almacenamiento / Procesador');
  const price = page.getByRole('main').locator('p', { hasText: '+ IVA' }).first();

  // Auto-selection: the first colour and its first storage.
  await expect(colours.getByRole('radio', { name: 'Negro' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(storage).toHaveValue('128 GB');
  await expect(price).toContainText('US$ 1.099,00');
  await storage.selectOption('256 GB');
  await expect(price).toContainText('US$ 1.249,00');

  // Picking a colour resets storage to that colour's first option.
  await colours.getByRole('radio', { name: 'Azul' }).click();
  await expect(storage).toHaveValue('128 GB');
  await expect(price).toContainText('US$ 1.099,00');

  // A sold-out selection offers 'Consultar disponibilidad' (a line quoted without stock)
  // instead of the buy buttons.
  const soldOutBadge = price.locator('xpath=..').getByText('agotado', { exact: true });
  await expect(soldOutBadge).toHaveCount(0);
  await colours.getByRole('radio', { name: 'Rosa' }).click();
  await expect(soldOutBadge).toBeVisible();
  await expect(page.getByRole('button', { name: 'Consultar disponibilidad' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Agregar al carro' })).toHaveCount(0);
  await expect(page.getByText('Sin stock: plazo a confirmar')).toBeVisible();

  await colours.getByRole('radio', { name: 'Verde' }).click();
  await expect(storage).toHaveValue('256 GB');
  await expect(soldOutBadge).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Restar uno' })).toBeDisabled();
  await page.getByRole('button', { name: 'Agregar al carro' }).click();
  await expectToast(page, 'Producto añadido al carrito');
  await page.getByRole('button', { name: 'Agregar al carro' }).click();
  await expect(page.getByRole('button', { name: 'Carrito, 2 artículos' })).toBeVisible();

  await page.getByRole('button', { name: 'Carrito, 2 artículos' }).click();
  const sheet = page.getByRole('dialog', { name: 'Carrito' });
  await expect(sheet.getByText('2 artículos')).toBeVisible();
  const line = sheet.getByRole('listitem', { name: phone.name });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('256 GB / Verde');
  await expect(line.getByLabel('Cantidad')).toHaveValue('2');
  await expect(sheet).toContainText('US$ 2.498,00');

  await line.getByRole('button', { name: 'Restar uno' }).click();
  await expect(line.getByLabel('Cantidad')).toHaveValue('1');
  await expect(line.getByRole('button', { name: 'Restar uno' })).toBeDisabled();
  await line.getByRole('button', { name: 'Sumar uno' }).click();
  await line.getByRole('button', { name: 'Sumar uno' }).click();
  await expect(sheet.getByText('3 artículos')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Carrito, 3 artículos' }).click();
  await expect(sheet.getByRole('listitem', { name: phone.name })).toContainText('256 GB / Verde');
  await expect(sheet.getByRole('link', { name: 'Continuar con la Cotización' })).toHaveAttribute(
    'href',
    '/checkout',
  );
  await sheet.getByRole('button', { name: 'Eliminar' }).click();
  await expect(sheet.getByText('Tu carro está vacío')).toBeVisible();
  await expect(sheet.getByText('0 artículos')).toBeVisible();
});

test('cards add the selected colour, refuse a sold-out one, and the cart can be emptied', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const brandId = await createBrand(`Marca ${suffix}`);
  const categoryId = await createCategory(`Categoría ${suffix}`);
  const product = (name: string, variants: VariantSpec[]) =>
    createProduct({ name: `${name} ${suffix}`, brandId, categoryId, variants });
  const soldOutPhone = await product('Celular Sin Stock', [
    variant('Negro', '#000000', '128 GB', 900, 0),
  ]);
  const twoColours = await product('Celular Dos Colores', [
    variant('Negro', '#000000', '128 GB', 500, 0),
    variant('Lila', '#c4b5fd', '128 GB', 500),
  ]);
  const webcam = await product('Cámara Web', [variant('Negro', '#000000', 'Único', 89)]);

  await page.goto(`/tienda?search=${suffix}`);
  const soldOut = cards(page).filter({ hasText: soldOutPhone.name });
  await expect(soldOut.getByText('agotado')).toBeVisible();
  await soldOut.getByRole('button', { name: /Añadir/ }).click();
  await expect(page.getByText('Producto agotado').first()).toBeVisible();

  const a55 = cards(page).filter({ hasText: twoColours.name });
  await a55.getByRole('radio', { name: 'Negro' }).click();
  await expect(a55.getByText('agotado')).toBeVisible();
  await a55.getByRole('radio', { name: 'Lila' }).click();
  await expect(a55.getByText('agotado')).toHaveCount(0);
  await a55.getByRole('button', { name: /Añadir/ }).click();
  await expectToast(page, 'Producto añadido al carrito');

  await cards(page)
    .filter({ hasText: webcam.name })
    .getByRole('button', { name: /Añadir/ })
    .click();
  await page.getByRole('button', { name: 'Carrito, 2 artículos' }).click();
  const sheet = page.getByRole('dialog', { name: 'Carrito' });
  await expect(sheet.getByRole('listitem')).toHaveCount(2);
  await expect(sheet.getByRole('listitem', { name: twoColours.name })).toContainText(
    '128 GB / Lila',
  );
  await sheet.getByRole('button', { name: 'Limpiar Carrito' }).click();
  await expect(sheet.getByText('Tu carro está vacío')).toBeVisible();
  await sheet.getByRole('link', { name: 'Empezar a comprar' }).click();
  await expect(page).toHaveURL(/\/tienda$/);
  await expect(sheet).toBeHidden();
});

test('the search sheet ignores a blank search and links results to their product', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const categoryId = await createCategory(`Categoría ${suffix}`);
  const brandId = await createBrand(`Marca ${suffix}`);
  const webcam = await createProduct({
    name: `Cámara Web ${suffix}`,
    brandId,
    categoryId,
    variants: [variant('Negro', '#000000', 'Único', 89)],
  });
  // A second product of the same category, for 'Productos similares'.
  await createProduct({
    name: `Micrófono ${suffix}`,
    brandId,
    categoryId,
    variants: [variant('Negro', '#000000', 'Único', 49)],
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Buscar productos' }).click();
  const sheet = page.getByRole('dialog', { name: 'Buscar productos' });
  const input = sheet.getByPlaceholder('¿Qué estás buscando?');
  await expect(input).toBeFocused();
  await input.fill('   ');
  await input.press('Enter');
  await expect(sheet.getByText('Escribí para buscar')).toBeVisible();

  await input.fill('zzzqqq');
  await input.press('Enter');
  await expect(sheet.getByText('No se encontraron resultados')).toBeVisible();

  await input.fill(`camara web ${suffix}`);
  await input.press('Enter');
  const result = sheet.getByRole('link', { name: new RegExp(webcam.name) });
  await expect(result).toContainText('Único / Negro');
  await expect(result).toContainText('US$ 89,00');
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/producto/${webcam.slug}$`));
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(webcam.name);
  await expect(page.getByRole('heading', { name: 'Descripción' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Productos similares' })).toBeVisible();
});

test('the home page shows the hero, eight featured products in either price order', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Potenciando el futuro de tu empresa...' }),
  ).toBeVisible();
  const featured = page.getByRole('region', { name: 'Productos Destacados' });
  await expect(featured.getByRole('article')).toHaveCount(8);
  const prices = async () =>
    (await featured.getByRole('article').locator('p', { hasText: 'US$' }).allTextContents()).map(
      money,
    );
  const descending = await prices();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  const names = (await featured.getByRole('heading', { level: 3 }).allTextContents()).sort();

  await featured.getByLabel('Ordenar por').selectOption('asc');
  await expect(async () => {
    const ascending = await prices();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect((await featured.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual(
      names,
    );
  }).toPass();

  await page.getByRole('link', { name: 'Ver Catálogo' }).click();
  await expect(page).toHaveURL(/\/tienda$/);
});

test('an unknown product shows "Producto no encontrado"', async ({ page }) => {
  await page.goto('/producto/no-existe-este-producto');
  await expect(page.getByText('Producto no encontrado')).toBeVisible();
});
