// Small things a buyer notices: the skip link can be read when focused, and a signed-in
// buyer's phone menu reaches 'Pedido rápido' and 'Listas de compra'.
import { expect, registerCustomer, test } from '../support/fixtures';

/** WCAG's relative luminance of an 'rgb(r, g, b)' colour. */
function luminance(colour: string) {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

test('the skip link shows as a readable box when focused and leads to the content', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/tienda');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(box!.height).toBeGreaterThanOrEqual(40);
  const { color, background } = await skip.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });
  const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
  expect((light! + 0.05) / (dark! + 0.05), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
  // Nothing of the sticky header covers it.
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, {
    x: box!.x + box!.width / 2,
    y: box!.y + box!.height / 2,
  });
  expect(hit).toContain('Saltar al contenido');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#contenido$/);
});

test('a signed-in buyer reaches Pedido rápido and Listas de compra from the phone menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await expect(menu.getByRole('link', { name: 'Tienda' })).toBeVisible();
  // A visitor has no account to show.
  await expect(menu.getByRole('link', { name: 'Pedido rápido' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 720 });
  await registerCustomer(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await menu.getByRole('link', { name: 'Pedido rápido' }).click();
  await expect(page).toHaveURL(/\/pedido-rapido$/);
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await menu.getByRole('link', { name: 'Listas de compra' }).click();
  await expect(page).toHaveURL(/\/account\/listas$/);
  await expect(page.getByRole('heading', { name: 'Listas de compra' })).toBeVisible();
});
