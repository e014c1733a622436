// A company member's negotiated price on every card: the shop, the home, similar products and
// the search sheet show 'Tu precio' beside the crossed list price, and the shop sorted or bounded
// by price orders and filters by it; the server's HTML and a visitor's pages keep list prices
// (docs/decisions/089-the-buyers-price-on-every-card.md, 063-negotiated-prices-never-shared.md).
import type { Locator, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, registerCustomer, test } from '../support/fixtures';
import { freshRut } from '../support/rut';
import {
  createBrand,
  createCategory,
  createProduct,
  giveCompanyBrandDiscount,
  uniqueSuffix,
} from './catalog-helpers';
import { screenshots } from './orders-helpers';

/**
 * The home draws 8 of the latest 20 products: 7 at 800 in a brand without a rule, then 13 of the
 * discounted brand at 1000 (700 for the member), so at least one of the brand shows, and nearly
 * always one of each, whose order the member's price reverses.
 */
const PLAIN_PRODUCTS = 7;
const BRAND_PRODUCTS_LAST = 13;

const variant = (price: number) => ({
  colorName: 'Negro',
  color: '#000000',
  storage: 'Único',
  price,
  stock: 25,
});

/**
 * One category with two products: 'Router' lists at 800 in a brand without a rule, 'Notebook' at
 * 1000 in a brand its company gets 30 % off (700 for the member). More products of both brands,
 * at the same prices in another category, fill the home's pool.
 */
async function catalogue() {
  const suffix = uniqueSuffix();
  const brandName = `Marca Convenio ${suffix}`;
  const discounted = await createBrand(brandName);
  const plain = await createBrand(`Marca Lista ${suffix}`);
  const categoryId = await createCategory(`Categoría Convenio ${suffix}`);
  const fillerCategory = await createCategory(`Categoría Relleno ${suffix}`);
  const router = await createProduct({
    name: `Router Lista ${suffix}`,
    brandId: plain,
    categoryId,
    variants: [variant(800)],
  });
  const notebook = await createProduct({
    name: `Notebook Convenio ${suffix}`,
    brandId: discounted,
    categoryId,
    variants: [variant(1000)],
  });
  for (let index = 1; index < PLAIN_PRODUCTS; index += 1) {
    await createProduct({
      name: `Switch Lista ${index} ${suffix}`,
      brandId: plain,
      categoryId: fillerCategory,
      variants: [variant(800)],
    });
  }
  for (let index = 1; index < BRAND_PRODUCTS_LAST; index += 1) {
    await createProduct({
      name: `Monitor Convenio ${index} ${suffix}`,
      brandId: discounted,
      categoryId: fillerCategory,
      variants: [variant(1000)],
    });
  }
  return { suffix, brandName, discounted, categoryId, router, notebook };
}

type Catalogue = Awaited<ReturnType<typeof catalogue>>;

/** A customer who registers their company, which staff give 30 % off the brand. */
async function member(page: Page, shop: Catalogue) {
  await registerCustomer(page, 'Compras Convenio');
  const rut = freshRut();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(`Convenio ${shop.suffix} S.A.`);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();
  await giveCompanyBrandDiscount(rut, shop.discounted, '30');
}

const shopPath = (shop: Catalogue, query = '') =>
  `/tienda?categories=${encodeURIComponent(`[${shop.categoryId}]`)}${query}`;

const cardOf = (scope: Page | Locator, name: string) =>
  scope.getByRole('article').filter({ hasText: name });

const cardNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 });

/** 'Tu precio' 700 with the list price 1000 crossed out. */
async function expectMemberPrice(card: Locator) {
  const price = card.getByTestId('your-price');
  await expect(price).toContainText('Tu precio');
  await expect(price).toContainText('US$ 700,00');
  await expect(price.locator('s')).toHaveText('US$ 1.000,00');
}

/** The price each card shows first ('Tu precio' when it has one), in the cards' order. */
async function shownPrices(scope: Locator) {
  const texts = await scope.getByRole('article').locator('p', { hasText: 'US$' }).allTextContents();
  return texts.map((text) => {
    const amount = /US\$\s*([\d.]+,\d\d)/.exec(text)?.[1] ?? 'NaN';
    return Number(amount.replaceAll('.', '').replace(',', '.'));
  });
}

async function expectPriceOrder(scope: Locator, sort: 'asc' | 'desc') {
  await expect
    .poll(
      async () => {
        const prices = await shownPrices(scope);
        const inOrder = [...prices].sort((a, b) => (sort === 'asc' ? a - b : b - a));
        return prices.length > 0 && prices.every((price, index) => price === inOrder[index]);
      },
      `the cards' prices ${sort === 'asc' ? 'ascending' : 'descending'}`,
    )
    .toBe(true);
}

test('a member sees their price on every card and the shop sorted and filtered by it', async ({
  page,
  browser,
}) => {
  const shop = await catalogue();
  await member(page, shop);

  // The shop in everyone's order: only the card's price changes.
  await page.goto(shopPath(shop));
  await expectMemberPrice(cardOf(page, shop.notebook.name));
  await expect(cardOf(page, shop.router.name)).toContainText('US$ 800,00');
  await expect(cardOf(page, shop.router.name).getByTestId('your-price')).toHaveCount(0);

  // Sorted by price, the notebook at 700 comes before the router at 800: pressed on the page...
  await page
    .getByRole('group', { name: 'Ordenar por precio' })
    .getByRole('button', { name: 'Menor precio' })
    .click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(cardNames(page)).toHaveText([shop.notebook.name, shop.router.name]);
  // ...and opened as an address, whose server HTML still has the list prices' order.
  await page.goto(shopPath(shop, '&sort=asc'));
  await expect(cardNames(page)).toHaveText([shop.notebook.name, shop.router.name]);
  await expectMemberPrice(cardOf(page, shop.notebook.name));
  await screenshots(page, 'member-cards-shop');
  const html = await (await page.request.get(shopPath(shop, '&sort=asc'))).text();
  expect(html).toContain(shop.notebook.name);
  expect(html).not.toContain('Tu precio');
  expect(html).not.toMatch(/700[.,]00/);

  // A ceiling of 750 admits the notebook at the member's price.
  await page.goto(shopPath(shop, '&max=750'));
  await expect(cardNames(page)).toHaveText([shop.notebook.name]);

  // The home's cards of the brand.
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Productos Destacados' });
  await expectMemberPrice(
    featured.getByRole('article').filter({ hasText: shop.brandName }).first(),
  );
  // Either price order is the member's: the brand's cards at 700 below the others' 800.
  await expectPriceOrder(featured, 'desc');
  await screenshots(page, 'member-cards-home');
  await featured.getByLabel('Ordenar por').selectOption('asc');
  await expectPriceOrder(featured, 'asc');

  // The router's similar products: the notebook.
  await page.goto(`/producto/${shop.router.slug}`);
  const similar = page.getByRole('region', { name: 'Productos similares' });
  await expectMemberPrice(cardOf(similar, shop.notebook.name));

  // The search sheet's rows are variants: one of the brand's, at one unit.
  await page.getByRole('button', { name: 'Buscar productos' }).click();
  const sheet = page.getByRole('dialog', { name: 'Buscar productos' });
  const searchBox = sheet.getByPlaceholder('¿Qué estás buscando?');
  await searchBox.fill(`Monitor Convenio ${shop.suffix}`);
  await searchBox.press('Enter');
  const row = sheet.getByRole('link', { name: /Monitor Convenio/ }).first();
  await expectMemberPrice(row);
  await screenshots(page, 'member-cards-search');

  // A visitor: list prices in list-price order, and nothing private asked.
  const visitorContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const visitor = await visitorContext.newPage();
  const privateCalls: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().includes('/trpc/pricing.')) privateCalls.push(request.url());
  });
  await visitor.goto(shopPath(shop, '&sort=asc'));
  await expect(cardNames(visitor)).toHaveText([shop.router.name, shop.notebook.name]);
  await expect(cardOf(visitor, shop.notebook.name)).toContainText('US$ 1.000,00');
  await visitor.goto('/');
  await expect(
    visitor.getByRole('region', { name: 'Productos Destacados' }).getByRole('article'),
  ).toHaveCount(8);
  await visitor.goto(`/producto/${shop.router.slug}`);
  await expect(
    cardOf(visitor.getByRole('region', { name: 'Productos similares' }), shop.notebook.name),
  ).toContainText('US$ 1.000,00');
  await expect(visitor.getByText('Tu precio')).toHaveCount(0);
  expect(privateCalls).toEqual([]);
  await visitorContext.close();
});
