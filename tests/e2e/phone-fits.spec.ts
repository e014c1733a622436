// What a buyer and staff read on a 360 px phone (and at 1440 px) is whole: the dashboard's
// figures neither cut nor ellipsed, badges inside their cards, the negotiated prices as stacked
// rows, and the account's row of sections faded where more sections hide, its current one in
// view.
import type { Locator, Page } from '@playwright/test';
import { expect, loginAsAdmin, openAdminPage, registerCustomer, test } from '../support/fixtures';
import { freshRut } from '../support/rut';
import {
  createBrand,
  createCategory,
  createProduct,
  giveCompanyBrandDiscount,
  uniqueSuffix,
} from './catalog-helpers';
import { requestQuoteForOneProduct } from './orders-helpers';

const WIDTHS = [360, 1440] as const;
const shots = '/tmp/shots/wp-fits';

type Json = Record<string, unknown>;

/**
 * Answers of each procedure named in `changes` pass through its change on their way to the
 * page: the longest labels and biggest amounts the layout must hold, without making the orders
 * that would produce them. One route for all: a batch carries several procedures.
 */
async function reshape(page: Page, changes: Record<string, (json: Json) => Json>) {
  const names = (url: URL) => decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && names(url).some((name) => name in changes),
    async (route) => {
      const response = await route.fetch();
      const called = names(new URL(route.request().url()));
      const body = (await response.json()) as unknown;
      const answers = (Array.isArray(body) ? body : [body]) as {
        result?: { data?: { json?: Json } };
      }[];
      answers.forEach((answer, index) => {
        const change = changes[called[index] ?? ''];
        const data = answer.result?.data;
        if (change && data && data.json !== undefined) data.json = change(data.json);
      });
      await route.fulfill({ response, json: Array.isArray(body) ? answers : answers[0] });
    },
  );
}

/** The page scrolls only up and down. */
async function expectNoSideways(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
}

/** Every `part` of each of `boxes` lies inside it, and no part's text is cut or ellipsed. */
async function expectInside(boxes: Locator, part: string) {
  const count = await boxes.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const problems = await boxes.nth(index).evaluate((box, selector) => {
      const outer = box.getBoundingClientRect();
      return [...box.querySelectorAll<HTMLElement>(selector)].flatMap((element) => {
        const inner = element.getBoundingClientRect();
        const name = element.textContent?.trim() ?? '?';
        const out =
          inner.left < outer.left - 0.5 ||
          inner.right > outer.right + 0.5 ||
          inner.top < outer.top - 0.5 ||
          inner.bottom > outer.bottom + 0.5;
        const cut =
          element.scrollWidth > element.clientWidth + 1 ||
          getComputedStyle(element).textOverflow === 'ellipsis';
        return [...(out ? [`'${name}' leaves its box`] : []), ...(cut ? [`'${name}' is cut`] : [])];
      });
    }, part);
    expect(problems, `box ${index}`).toEqual([]);
  }
}

async function eachWidth(page: Page, name: string, check: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await check();
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

test('the dashboard shows every figure whole, a big amount too', async ({ page }) => {
  await reshape(page, {
    'admin.dashboard.get': (json) => ({ ...json, valueConcluded: '1234567.89', requested: 12345 }),
    'admin.dispatches.pending': (json) => ({ ...json, amount: '9876543.21' }),
    'admin.collections.overdue': () => '2345678.9' as unknown as Json,
  });
  await loginAsAdmin(page);
  // A page load brings its first answers in the HTML: the figures are asked for by moving here.
  await page.goto('/dashboard/actividad');
  await page.getByRole('link', { name: 'Resumen' }).first().click();
  const cards = page.locator('[data-slot="stat-card"]');
  await expect(cards.filter({ hasText: 'Valor concretado' })).toContainText('US$ 1.234.567,89');
  await expect(cards.filter({ hasText: 'Por despachar' })).toContainText('US$ 9.876.543,21');
  await expect(cards.filter({ hasText: 'Vencido' })).toContainText('US$ 2.345.678,90');
  await eachWidth(page, 'dashboard-kpis', async () => {
    await expectNoSideways(page);
    await expectInside(cards, 'p');
    // The amount wraps, if at all, between 'US$' and its digits: never inside the number.
    const amount = cards.filter({ hasText: 'Valor concretado' }).locator('p').nth(1);
    const lines = await amount.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });
});

test('badges stay inside the shop’s cards, the account’s orders and the staff queue', async ({
  page,
  browser,
}) => {
  // An order first: the quote takes the newest product in stock, not the big one below.
  await registerCustomer(page, 'Compradora Ajustada');
  const orderId = await requestQuoteForOneProduct(page);
  // A member's 'Tu precio' on a big price, and a sold-out card, in a category of their own.
  const suffix = uniqueSuffix();
  const brandId = await createBrand(`Marca Ajuste ${suffix}`);
  const categoryId = await createCategory(`Categoría Ajuste ${suffix}`);
  const variant = (price: number, stock: number) => [
    { colorName: 'Negro', color: '#000000', storage: 'Único', price, stock },
  ];
  const products = [
    await createProduct({
      name: `Servidor Rack Profesional ${suffix} con doble fuente`,
      brandId,
      categoryId,
      variants: variant(123456.78, 5),
    }),
    await createProduct({
      name: `Monitor Curvo ${suffix}`,
      brandId,
      categoryId,
      variants: variant(99999.99, 0),
    }),
  ];
  const rut = freshRut();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(`Ajustes ${suffix} S.A.`);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();
  await giveCompanyBrandDiscount(rut, brandId, '12.5');

  await page.goto(`/tienda?categories=${encodeURIComponent(`[${categoryId}]`)}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(products.length);
  await expect(cards.getByTestId('your-price').first()).toBeVisible();
  await expect(cards.filter({ hasText: 'agotado' })).toHaveCount(1);
  await eachWidth(page, 'shop-cards', async () => {
    await expectNoSideways(page);
    await expectInside(cards, '[data-slot="badge"], [data-testid="your-price"]');
  });

  // The account's orders, with the longest status and fulfilment labels there are.
  const longest = (json: Json) => ({
    ...json,
    items: (json.items as Json[]).map((item) => ({
      ...item,
      status: 'Modificado',
      fulfilmentStatus: 'Despachado parcialmente',
      totalAmount: '1234567.89',
    })),
  });
  await reshape(page, { 'account.orders.list': longest });
  await page.goto('/account/seguridad');
  await page
    .getByRole('navigation', { name: 'Mi cuenta' })
    .getByRole('link', { name: 'Pedidos' })
    .click();
  await eachWidth(page, 'account-orders', async () => {
    await expectNoSideways(page);
    // Cards on a phone, a table's rows from 768 px (OrdersTable).
    const rows =
      page.viewportSize()!.width < 768
        ? page.getByRole('list', { name: 'Pedidos' }).getByRole('listitem')
        : page
            .getByRole('table')
            .getByRole('row')
            .filter({ hasText: `#${orderId}` });
    await expect(rows.getByText('Cotización lista para revisar').first()).toBeVisible();
    await expectInside(rows, '[data-slot="badge"]');
  });

  // Staff's queue, its card with every line filled.
  const { page: staff, close } = await openAdminPage(browser);
  await reshape(staff, {
    'admin.orders.list': (json) => ({
      ...longest(json),
      items: (longest(json).items as Json[]).map((item) => ({
        ...item,
        isWaitingTooLong: true,
        companyName: `Distribuidora Internacional de Insumos ${suffix} S.R.L.`,
      })),
    }),
  });
  await staff.goto('/dashboard/actividad');
  await staff
    .getByRole('link', { name: /^Órdenes/ })
    .first()
    .click();
  const queue = staff.getByRole('list', { name: 'Órdenes' }).getByRole('listitem');
  await expect(queue.filter({ hasText: `#${orderId} ·` })).toBeVisible();
  await eachWidth(staff, 'staff-queue', async () => {
    await expectNoSideways(staff);
    await expectInside(queue, '[data-slot="badge"]');
  });
  await close();
});

test('the negotiated prices fit a phone: stacked rows there, a table that fits when wider', async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const brandName = `Marca con un nombre bastante largo ${suffix}`;
  const brandId = await createBrand(brandName);
  await registerCustomer(page, 'Compras Reglas');
  const rut = freshRut();
  const companyName = `Reglas ${suffix} S.A.`;
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(companyName);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();
  await giveCompanyBrandDiscount(rut, brandId, '12.5');

  const { page: staff, close } = await openAdminPage(browser);
  await staff.goto('/dashboard/clientes?vista=empresas');
  await staff.getByLabel('Buscar clientes').fill(rut);
  await staff.getByRole('button', { name: 'Buscar' }).click();
  await staff.getByRole('link', { name: companyName }).filter({ visible: true }).first().click();
  const negotiated = staff.getByRole('region', { name: 'Precios negociados' });
  await expect(negotiated.getByRole('table', { name: 'Reglas de precio' })).toContainText(
    brandName,
  );
  await eachWidth(staff, 'price-rules', async () => {
    await expectNoSideways(staff);
    // A phone reads each rule as a stacked row; wider, a table that fits its card.
    const isPhone = staff.viewportSize()!.width < 640;
    const rules = negotiated.getByRole(isPhone ? 'list' : 'table', { name: 'Reglas de precio' });
    await expect(rules).toContainText(brandName);
    await expect(rules).toContainText('12,5 % menos');
    await expect(rules).toContainText('Sin vencimiento');
    await expect(rules.getByRole('button', { name: /^Quitar la regla Marca/ })).toBeVisible();
    await expectInside(negotiated, isPhone ? 'li, li p, li button' : 'table, tr');
    if (!isPhone) {
      const box = rules.locator('xpath=..');
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
      await expect(box).not.toHaveAttribute('data-more-end');
    }
  });
  await close();
});

test('the account’s sections row shows there is more and keeps the current one in view', async ({
  page,
}) => {
  await registerCustomer(page, 'Compradora de Pestañas');
  await page.setViewportSize({ width: 360, height: 740 });
  const nav = page.getByRole('navigation', { name: 'Mi cuenta' });
  const fade = () => nav.evaluate((element) => getComputedStyle(element).maskImage);
  await page.goto('/account/pedidos');
  // At the start: more to the right only.
  await expect.poll(fade).toMatch(/^linear-gradient\(to right, rgb\(0, 0, 0\) calc/);
  await page.screenshot({ path: `${shots}/account-tabs-start-360.png` });

  // A section further along: its link is centred, the row faded on both sides.
  await page.goto('/account/privacidad');
  const active = nav.getByRole('link', { name: 'Privacidad' });
  await expect.poll(fade).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\)/);
  const [navBox, linkBox] = [await nav.boundingBox(), await active.boundingBox()];
  expect(linkBox!.x).toBeGreaterThanOrEqual(navBox!.x + 40);
  expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(navBox!.x + navBox!.width - 40);
  await expectNoSideways(page);
  await page.screenshot({ path: `${shots}/account-tabs-middle-360.png` });

  // Scrolled to its end, only the start is faded.
  await nav.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect.poll(fade).toMatch(/^linear-gradient\(to left/);

  // At 1440 px the sections are a column: nothing scrolls, nothing is faded.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(fade).toBe('none');
  await page.screenshot({ path: `${shots}/account-tabs-1440.png` });
});
