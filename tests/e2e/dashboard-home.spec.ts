import { expect, expectToast, loginAsAdmin, test } from '../support/fixtures';
import { screenshots } from './orders-helpers';

test.describe('dashboard home and activity', () => {
  test('the admin lands on the figures, changes the period and finds a price change in the log', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Resumen' })).toBeVisible();
    await expect(page.getByText('Cotizaciones solicitadas', { exact: true })).toBeVisible();
    await expect(page.getByText('Tasa de conversión')).toBeVisible();
    // The median and the most requested are a snapshot: each says how old (decision 068).
    await expect(page.getByText(/respondidas · Actualizado (recién|hace)/)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /Más solicitados/ }).locator('xpath=../..'),
    ).toContainText(/Actualizado (recién|hace)/);
    await expect(page.getByRole('figure', { name: 'Cotizaciones por día' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Valor concretado por día' })).toBeVisible();
    await expect(page.locator('svg.recharts-surface')).toHaveCount(2);
    // The text twin of each chart, for screen readers.
    await expect(
      page.getByRole('table', { name: 'Cotizaciones solicitadas y concretadas por día' }),
    ).toBeAttached();
    await screenshots(page, 'dashboard-home');

    await page.getByLabel('Período').selectOption({ label: 'Últimos 12 meses' });
    await expect(page).toHaveURL(/range=12m/);
    await expect(page.getByRole('figure', { name: 'Cotizaciones por mes' })).toBeVisible();

    // A price edited through the product form shows in the activity log with before and after.
    await page.goto('/dashboard/productos');
    const actions = page.getByRole('button', { name: /^Acciones de / }).first();
    const name = ((await actions.getAttribute('aria-label')) ?? '').replace('Acciones de ', '');
    await actions.click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Producto' })).toBeVisible();
    await page
      .getByRole('group', { name: 'Variante 1' })
      .getByLabel('Precio (US$)', { exact: true })
      .fill('1234.56');
    await page.getByRole('button', { name: 'Guardar Producto' }).click();
    await expectToast(page, 'Producto actualizado');

    await page.getByRole('link', { name: 'Actividad' }).click();
    await expect(page.getByRole('heading', { name: 'Actividad' })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: name }).first();
    await expect(entry).toContainText('Producto · Modificó');
    await expect(entry).toContainText('US$ 1.234,56');
    await page.getByLabel('Tipo').selectOption({ label: 'Orden' });
    await expect(page).toHaveURL(/type=order/);
    await page.getByLabel('Tipo').selectOption({ label: 'Producto' });
    await expect(page.getByRole('listitem').filter({ hasText: name }).first()).toBeVisible();
    await screenshots(page, 'activity');
    await entry.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: 'Editar Producto' })).toBeVisible();
  });
});
