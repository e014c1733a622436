// The server renders Montevideo's dates and the browser hydrates them: a browser in another
// zone (Tokyo is 12 hours ahead, so another day for half of every day) must render the same
// text, or React fails hydration (error #418). The fixture fails on page errors; console
// errors are collected here too.
import { expect, test } from '../support/fixtures';

test.use({ timezoneId: 'Asia/Tokyo' });

test('the blog and a post hydrate without errors in a browser in Tokyo', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'Asia/Tokyo',
  );
  await page.goto('/blog');
  const first = page.getByRole('article').first().getByRole('link').first();
  await expect(first).toBeVisible();
  // Hydrated: a client-side navigation works.
  await first.click();
  await expect(page).toHaveURL(/\/blog\/[^/]+$/);
  await expect(page.locator('article time').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('article time').first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(/© \d{4} Tienda/)).toBeVisible();
  expect(errors).toEqual([]);
});
