// Pages arrive rendered by the server: readable without JavaScript, hydrated without
// mismatch warnings and without asking again for the data the HTML carries.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  createBrand,
  createCategory,
  createProduct,
  uniqueSuffix,
  type VariantSpec,
} from './catalog-helpers';
import { screenshots } from './orders-helpers';

const variant = (
  colorName: string,
  color: string,
  storage: string,
  price: number,
): VariantSpec => ({
  colorName,
  color,
  storage,
  price,
  stock: 5,
});

/** Console errors and warnings (hydration mismatches among them) while `run` goes on. */
async function consoleProblems(page: Page, run: () => Promise<void>) {
  const problems: string[] = [];
  const listener = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  };
  page.on('console', listener);
  page.on('pageerror', (error) => problems.push(error.message));
  await run();
  page.off('console', listener);
  return problems;
}

async function firstLink(page: Page, path: string, prefix: string) {
  await page.goto(path);
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

test('every public page hydrates without a console error or a second load of its data', async ({
  page,
}) => {
  const productPath = await firstLink(page, '/tienda', '/producto/');
  const postPath = await firstLink(page, '/blog', '/blog/');
  const pages = [
    '/',
    '/tienda',
    '/tienda?sort=asc&page=2',
    productPath,
    '/blog',
    postPath,
    '/nosotros',
    '/login',
    '/registro',
    '/comprobantes/verificar?serie=A&numero=1&codigo=Ab3%2Bx%2F',
  ];
  for (const path of pages) {
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      // Any procedure, the session's included: the HTML carries everything these pages read
      // at load, so the browser does not even download the tRPC HTTP link.
      if (url.includes('/trpc/')) dataRequests.push(url);
    });
    const problems = await consoleProblems(page, async () => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    });
    expect(problems, `console on ${path}`).toEqual([]);
    expect(dataRequests, `data asked again on ${path}`).toEqual([]);
    page.removeAllListeners('request');
  }
});

test('the product page is readable without JavaScript', async ({ browser }) => {
  const suffix = uniqueSuffix();
  const product = await createProduct({
    name: `Monitor Sin JS ${suffix}`,
    brandId: await createBrand(`Marca ${suffix}`),
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [variant('Negro', '#000000', '27"', 349)],
  });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/producto/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('US$ 349,00').first()).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(product.name));
  await context.close();
});

test('a server-rendered product page selects a variant and adds it to the cart', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const product = await createProduct({
    name: `Notebook SSR ${suffix}`,
    brandId: await createBrand(`Marca ${suffix}`),
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [
      variant('Gris', '#6b7280', '256 GB', 999),
      variant('Gris', '#6b7280', '512 GB', 1199),
    ],
  });
  const problems = await consoleProblems(page, async () => {
    await page.goto(`/producto/${product.slug}`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Almacenamiento / Procesador').selectOption('512 GB');
    await expect(page.getByRole('main').getByText('US$ 1.199,00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Agregar al carro' }).click();
    await expect(page.getByRole('button', { name: 'Carrito, 1 artículos' })).toBeVisible();
  });
  expect(problems).toEqual([]);
});

test('an unknown product answers 404 with the Spanish page', async ({ page }) => {
  const response = await page.goto('/producto/no-existe-nunca');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Producto no encontrado')).toBeVisible();
});

test('an address that does not decode answers 400 with the store page, which works', async ({
  page,
}) => {
  const problems = await consoleProblems(page, async () => {
    const response = await page.goto('/tienda/%E0%A4%A');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Dirección inválida' })).toBeVisible();
    await expect(page).toHaveTitle('Dirección inválida · Tienda');
    await expect(page.getByRole('contentinfo')).toContainText('Suscribirme');
    // Hydrated, at the address asked for: the header's cart opens.
    await page.getByRole('button', { name: 'Carrito, 0 artículos' }).click();
    await expect(page.getByRole('dialog', { name: 'Carrito' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe('/tienda/%E0%A4%A');
    await screenshots(page, 'bad-address');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dirección inválida' })).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Dirección inválida' })).toBeVisible();
  });
  // The browser reports the document's own status; nothing else may complain.
  expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
});
