// The header's account menu on a desktop: the avatar opens the buyer's own pages and
// 'Cerrar sesión', by mouse and by keyboard alone (Enter or ↓ opens, arrows move, Escape closes
// and gives the focus back to the avatar).
import { expect, registerCustomer, test } from '../support/fixtures';

const ITEMS = ['Mi cuenta', 'Mis pedidos', 'Pedido rápido', 'Listas de compra', 'Cerrar sesión'];
const SHOTS = process.env.E2E_SCREENSHOTS;

test('the avatar opens the account menu, by keyboard too', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerCustomer(page, 'Martina Compradora');
  const avatar = page.getByRole('banner').getByRole('button', { name: 'Mi cuenta' });
  await expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: Enter opens it on its first item; ↓ moves; Escape closes back onto the avatar.
  await avatar.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(ITEMS);
  await expect(menu).toContainText('Martina Compradora');
  await expect(menu.getByRole('menuitem', { name: 'Mi cuenta' })).toBeFocused();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-menu-1440.png` });
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Mis pedidos' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(avatar).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Mi cuenta' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Mis pedidos' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Pedido rápido' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pedido-rapido$/);
  await expect(menu).toHaveCount(0);

  // Mouse: each item goes where it says.
  for (const [item, url] of [
    ['Mis pedidos', /\/account\/pedidos$/],
    ['Listas de compra', /\/account\/listas$/],
    ['Mi cuenta', /\/account\/seguridad$/],
  ] as const) {
    await avatar.click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(url);
  }

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByLabel('Mi cuenta')).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }),
  ).toBeVisible();
});

test('on a phone the menu fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await registerCustomer(page, 'Martina Compradora de Apellido Muy Largo');
  await page.getByRole('banner').getByRole('button', { name: 'Mi cuenta' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(ITEMS);
  const box = (await menu.boundingBox())!;
  // Off the screen's edges, where a thumb cannot reach a border.
  expect(box.x).toBeGreaterThanOrEqual(8);
  expect(box.x + box.width).toBeLessThanOrEqual(360 - 8);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-menu-360.png` });
});
