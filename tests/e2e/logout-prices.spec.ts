// A company member's negotiated price never outlives their session in the browser
// (docs/decisions/078-account-security-per-asvs.md): after signing out, or once the page finds
// the session gone, neither localStorage nor sessionStorage holds it, and the cart keeps its
// lines at the list price anyone sees.
import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, login, registerCustomer, test, type TestCustomer } from '../support/fixtures';
import { freshRut } from '../support/rut';
import {
  createBrand,
  createCategory,
  createProduct,
  giveCompanyBrandDiscount,
  uniqueSuffix,
} from './catalog-helpers';

/** 1,234.00 at list price; the member's company pays 20 % less: 987.20. */
const NEGOTIATED = /987[.,]2/;

/** Everything this page's origin keeps in its browser storage, as one text to search. */
const browserStorage = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  );

const openCart = async (page: Page) => {
  await page.getByRole('button', { name: /^Carrito,/ }).click();
  return page.getByRole('dialog', { name: 'Carrito' });
};

/** A member of a company with 20 % off a brand, whose cart holds that brand's product. */
async function memberWithNegotiatedCart(page: Page) {
  const suffix = uniqueSuffix();
  const brandId = await createBrand(`Marca Reservada ${suffix}`);
  const product = await createProduct({
    name: `Switch Reservado ${suffix}`,
    brandId,
    categoryId: await createCategory(`Categoría Reservada ${suffix}`),
    variants: [
      { colorName: 'Gris', color: '#555555', storage: '48 puertos', price: 1234, stock: 20 },
    ],
  });

  const member = await registerCustomer(page, 'Compras Reservadas');
  const rut = freshRut();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(`Reservada ${suffix} S.A.`);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();
  await giveCompanyBrandDiscount(rut, brandId, '20');

  await page.goto(`/producto/${product.slug}`);
  await expect(page.getByTestId('your-price')).toContainText('US$ 987,20');
  await page.getByRole('button', { name: 'Agregar al carro' }).click();
  const cart = await openCart(page);
  await expect(cart.getByTestId('your-price')).toContainText('US$ 987,20');
  await page.keyboard.press('Escape');
  // The price the cart shows is the one it keeps: the test can see it leave.
  await expect.poll(() => browserStorage(page)).toMatch(NEGOTIATED);
  return { member, product };
}

test('signing out from the account leaves no negotiated price in the browser, and the cart at list price', async ({
  page,
}) => {
  const { product } = await memberWithNegotiatedCart(page);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect(await browserStorage(page)).not.toMatch(NEGOTIATED);
  // The cart keeps its line, priced as for anyone.
  const cart = await openCart(page);
  const line = cart.getByRole('listitem', { name: product.name });
  await expect(line).toContainText('US$ 1.234,00');
  await expect(cart.getByText('Tu precio')).toHaveCount(0);
  expect(await browserStorage(page)).not.toMatch(NEGOTIATED);
});

test('a session found ended leaves no negotiated price in the browser either', async ({
  page,
  browser,
}) => {
  const { member } = await memberWithNegotiatedCart(page);
  await endEverySession(browser, member);

  // What the browser does when the member switches back to this tab: it asks who is in.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => browserStorage(page)).not.toMatch(NEGOTIATED);
  await expect(page.getByTestId('your-price')).toHaveCount(0);
});

/** The member signs in elsewhere and ends every session from there. */
async function endEverySession(browser: Browser, member: TestCustomer) {
  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  const elsewhere = await other.newPage();
  await login(elsewhere, member.email, member.password);
  await elsewhere.goto('/account');
  await elsewhere.getByRole('button', { name: /Cerrar sesión en todos los/ }).click();
  await expect(elsewhere).toHaveURL(/\/login$/);
  await other.close();
}
