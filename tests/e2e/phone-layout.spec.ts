// At 360 px the customer can reach every action and read every product name.
import type { Page } from '@playwright/test';
import { expect, loginAsAdmin, test } from '../support/fixtures';
import { createBrand, createCategory, createProduct, uniqueSuffix } from './catalog-helpers';
import { screenshots } from './orders-helpers';

type Box = { left: number; top: number; right: number; bottom: number };

/** Fixed elements that take clicks, and the grid's buttons, as the browser lays them out now. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const fixed = [...document.querySelectorAll('body *')].filter((element) => {
      const style = getComputedStyle(element);
      return (
        style.position === 'fixed' &&
        style.pointerEvents !== 'none' &&
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        element.getBoundingClientRect().width > 0
      );
    });
    const buttons = [...document.querySelectorAll('main article button')];
    return { fixed: fixed.map(box), buttons: buttons.map(box) };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('at 360 px no fixed element covers a button of the shop grid at any scroll position', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/tienda');
  await expect(page.getByRole('article')).toHaveCount(12);
  await expect(page.getByRole('link', { name: 'Escribinos por WhatsApp' })).toBeAttached();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 120) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect
      .poll(async () => {
        const { fixed, buttons } = await layout(page);
        return buttons.filter((button) => fixed.some((element) => overlaps(element, button)))
          .length;
      }, `covered buttons at scroll ${y}`)
      .toBe(0);
  }
  // Where nothing is under it, the button is there to press.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('link', { name: 'Escribinos por WhatsApp' })).toBeVisible();
});

/**
 * The footer's actions under the WhatsApp button while it can be pressed (a button that
 * yields is transparent and lets clicks through), named by their text or label.
 */
function footerActionsUnderWhatsapp(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('a[aria-label="Escribinos por WhatsApp"]');
    if (!button) return ['(no WhatsApp button)'];
    const style = getComputedStyle(button);
    if (style.pointerEvents === 'none' || Number(style.opacity) === 0) return [];
    const own = button.getBoundingClientRect();
    return [...document.querySelectorAll('footer a[href], footer button, footer input')]
      .filter((action) => {
        const box = action.getBoundingClientRect();
        return (
          own.left < box.right &&
          box.left < own.right &&
          own.top < box.bottom &&
          box.top < own.bottom
        );
      })
      .map((action) => action.textContent?.trim() || action.getAttribute('aria-label') || '?');
  });
}

test('at 360 px the WhatsApp button never sits on a footer button or link', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const whatsapp = page.getByRole('link', { name: 'Escribinos por WhatsApp' });
  await expect(whatsapp).toBeVisible();
  const { footerTop, bottom } = await page.evaluate(() => ({
    footerTop: document.querySelector('footer')!.getBoundingClientRect().top + window.scrollY,
    bottom: document.documentElement.scrollHeight - window.innerHeight,
  }));
  // Every position at which the footer passes under the button, 'Suscribirme' among it.
  for (let y = Math.max(0, footerTop - 740); y <= bottom + 20; y += 20) {
    await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, bottom));
    await expect
      .poll(() => footerActionsUnderWhatsapp(page), `footer actions under it at scroll ${y}`)
      .toEqual([]);
  }
  // At the bottom it is back, over the footer's last line and nothing to press.
  await expect(whatsapp).toHaveCSS('opacity', '1');
  const folder = process.env.E2E_SCREENSHOTS;
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => footerActionsUnderWhatsapp(page)).toEqual([]);
    if (folder) await page.screenshot({ path: `${folder}/footer-whatsapp-${width}.png` });
  }
});

test('at 360 px product names on cards show up to 3 lines', async ({ page }) => {
  const suffix = uniqueSuffix();
  const long = `Notebook Ultraliviana Profesional ${suffix} con pantalla de catorce pulgadas y teclado retroiluminado`;
  await createProduct({
    name: long,
    brandId: await createBrand(`Marca ${suffix}`),
    categoryId: await createCategory(`Categoría ${suffix}`),
    variants: [{ colorName: 'Gris', color: '#555555', storage: '16 GB', price: 999, stock: 3 }],
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/tienda');
  await expect(page.getByRole('article').first()).toBeVisible();
  // Every name cut short still shows three full lines; shorter ones show whole.
  const names = await page.locator('main article h3').evaluateAll((headings) =>
    headings.map((heading) => {
      const lineHeight = parseFloat(getComputedStyle(heading).lineHeight);
      return {
        isCut: heading.scrollHeight > heading.clientHeight + 1,
        lines: Math.round(heading.clientHeight / lineHeight),
      };
    }),
  );
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) if (name.isCut) expect(name.lines).toBeGreaterThanOrEqual(3);
  const card = page.getByRole('article').filter({ hasText: suffix });
  await expect(card.locator('h3')).toBeVisible();
  const lines = await card
    .locator('h3')
    .evaluate((h) => Math.round(h.clientHeight / parseFloat(getComputedStyle(h).lineHeight)));
  expect(lines).toBe(3);
  await screenshots(page, 'shop-cards');
});

test('at 360 px the dashboard navigation is a menu with every section', async ({ page }) => {
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/taxonomias');
  await page.getByRole('button', { name: 'Secciones del panel' }).click();
  const menu = page.getByRole('menu');
  for (const section of ['Productos', 'Órdenes', 'Taxonomías', 'Gestionar Blog', 'Mensajes']) {
    await expect(menu.getByRole('menuitem', { name: section })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: 'Mensajes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mensajes/);
  await page.goto('/dashboard/taxonomias');
  await screenshots(page, 'dashboard-taxonomies');
});

test('an unknown path shows the not-found page inside the store layout', async ({ page }) => {
  await page.goto('/no-existe-esta-pagina');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Buscar productos' }),
  ).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await screenshots(page, 'not-found');
});

test('the product form paints any CSS colour and the editor keeps the first typed key', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/dashboard/productos/new');
  const variant = page.getByRole('group', { name: 'Variante 1' });
  await variant.getByLabel('Color', { exact: true }).fill('rgb(255, 0, 0)');
  await expect(page.getByTestId('color-chip-0').locator('span')).toHaveCSS(
    'background-color',
    'rgb(255, 0, 0)',
  );
  await variant.getByLabel('Color', { exact: true }).fill('hsl(120, 100%, 25%)');
  await expect(page.getByTestId('color-chip-0').locator('span')).toHaveCSS(
    'background-color',
    'rgb(0, 128, 0)',
  );

  const editor = page.getByRole('textbox', { name: 'Descripción' });
  await editor.click();
  await page.keyboard.type('Base ');
  await page.getByRole('button', { name: 'Negrita' }).click();
  await page.keyboard.type('Xyz');
  await expect(editor.locator('strong')).toHaveText('Xyz');
  await expect(editor).toHaveText('Base Xyz');
});
