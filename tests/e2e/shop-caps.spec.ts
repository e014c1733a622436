// The shop counts and pages only up to a cap (docs/decisions/067-a-shop-list-and-search-at-scale.md).
// The e2e store's caps are 24 products for a list and 5 for a search, so the demo catalogue
// is past the first and six products of one name past the second.
import type { Page } from '@playwright/test';
import { E2E_SEARCH_COUNT_CAP, E2E_SHOP_COUNT_CAP } from '../support/e2e-constants';
import { expect, test } from '../support/fixtures';
import { createBrand, createCategory, createProduct, uniqueSuffix } from './catalog-helpers';

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const listHint = `Mostramos hasta ${E2E_SHOP_COUNT_CAP} productos por listado. Para ver otros, buscá por nombre o elegí una marca, una categoría o un rango de precios.`;

test('the shop pages up to its cap, says how to see the rest, and answers a page past it', async ({
  page,
}) => {
  const lastPage = `Mostrando 13 - 24 de más de ${E2E_SHOP_COUNT_CAP} productos`;
  await page.goto('/tienda?page=2');
  await expect(page.getByText(lastPage)).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await expect(page.getByText(listHint)).toBeVisible();
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(
    page.getByText(`Mostrando 1 - 12 de más de ${E2E_SHOP_COUNT_CAP} productos`),
  ).toBeVisible();
  await expect(page.getByText(listHint)).toBeHidden();

  // A link past the cap (typed, or kept from a longer list): why it is empty, and the way back.
  await page.goto('/tienda?page=9');
  await expect(
    page.getByRole('heading', { name: 'No hay productos en esta página' }),
  ).toBeVisible();
  await expect(page.getByText(listHint)).toBeVisible();
  await page.getByRole('button', { name: 'Ir a la página 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(lastPage)).toBeVisible();
});

test('a page past the end of a short list says where the list ends', async ({ page }) => {
  const suffix = uniqueSuffix();
  const brandId = await createBrand(`Marca ${suffix}`);
  await createProduct({
    name: `Equipo único ${suffix}`,
    brandId,
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [{ colorName: 'Negro', color: '#000000', storage: 'Único', price: 90, stock: 3 }],
  });
  await page.goto(`/tienda?brands=[${brandId}]&page=3`);
  await expect(
    page.getByRole('heading', { name: 'No hay productos en esta página' }),
  ).toBeVisible();
  await expect(page.getByText('Esta lista tiene una sola página.')).toBeVisible();
  await page.getByRole('button', { name: 'Ir a la página 1' }).click();
  await expect(page.getByText('Mostrando 1 - 1 de 1 productos')).toBeVisible();
});

test('a search counts up to its cap, in the shop and in the search sheet', async ({ page }) => {
  const suffix = uniqueSuffix();
  const brandId = await createBrand(`Marca ${suffix}`);
  const categoryId = await createCategory(`Categoría ${suffix}`);
  for (let i = 1; i <= E2E_SEARCH_COUNT_CAP + 1; i++) {
    await createProduct({
      name: `Parlante ${suffix} ${i}`,
      brandId,
      categoryId,
      variants: [
        { colorName: 'Negro', color: '#000000', storage: 'Único', price: 50 + i, stock: 3 },
      ],
    });
  }
  const term = `parlante ${suffix}`;
  const over = `más de ${E2E_SEARCH_COUNT_CAP}`;
  await page.goto(`/tienda?search=${encodeURIComponent(term)}`);
  await expect(
    page.getByText(`Más de ${E2E_SEARCH_COUNT_CAP} productos encontrados para "${term}"`),
  ).toBeVisible();
  await expect(
    page.getByText(`Mostrando 1 - ${E2E_SEARCH_COUNT_CAP} de ${over} productos`),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(E2E_SEARCH_COUNT_CAP);
  // The newest first: the first product created is the one left out.
  await expect(cards(page).first()).toContainText(`Parlante ${suffix} ${E2E_SEARCH_COUNT_CAP + 1}`);
  await expect(page.getByText(`Parlante ${suffix} 1`, { exact: true })).toBeHidden();
  await expect(
    page.getByText(
      `Mostramos hasta ${E2E_SEARCH_COUNT_CAP} resultados por búsqueda. Para ver otros, agregá palabras a la búsqueda o elegí una marca, una categoría o un rango de precios.`,
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Buscar productos' }).click();
  const sheet = page.getByRole('dialog', { name: 'Buscar productos' });
  const input = sheet.getByPlaceholder('¿Qué estás buscando?');
  await input.fill(term);
  await input.press('Enter');
  // One variant each: the five products' five variants, and more.
  await expect(sheet.getByText(`Más de ${E2E_SEARCH_COUNT_CAP} resultados`)).toBeVisible();
  await expect(
    sheet.getByText('Hay más coincidencias: agregá palabras para acotar la búsqueda.'),
  ).toBeVisible();
});
