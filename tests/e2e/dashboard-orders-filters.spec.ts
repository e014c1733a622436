// The dashboard's orders list for real volumes: the admin finds a customer's orders by their
// company, narrows them to a day, exports exactly those, and the URL keeps every filter.
import { parse } from 'csv-parse/sync';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import { inStockProducts, productBySlug, screenshots, seedCart } from './orders-helpers';

/** Today in the store's time zone, as a date input holds it. */
const storeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Montevideo' }).format(new Date());

test('the admin searches orders by company, narrows by date, exports them and reloads', async ({
  page,
  browser,
}) => {
  const company = `Importadora Ñandú ${Date.now().toString(36)}`;
  const customer = await registerCustomer(page, 'Compradora Filtrada');
  const [listed] = await inStockProducts(page.request, 1);
  const product = await productBySlug(page.request, listed!.slug);
  const variant = product.variants[0]!;
  await seedCart(page, product, variant, 2);
  await page.goto('/checkout');
  await page.getByLabel('Razón social (opcional)').fill(company);
  await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\/thank-you$/);
  const orderId = Number(/\/checkout\/(\d+)\//.exec(page.url())![1]);

  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await adminContext.newPage();
  try {
    await loginAsAdmin(admin);
    await admin.goto('/dashboard/ordenes');
    const orderRow = admin
      .getByRole('list', { name: 'Órdenes' })
      .getByRole('listitem')
      .filter({ hasText: `#${orderId} ·` });

    await admin.getByLabel('Buscar', { exact: true }).fill(company.toLowerCase());
    await admin.getByLabel('Buscar', { exact: true }).press('Enter');
    await expect(admin).toHaveURL(/[?&]q=/);
    await expect(orderRow).toBeVisible();
    await expect(admin.getByText('Total: 1 con estos filtros')).toBeVisible();
    await expect(orderRow).toContainText(company);

    const today = storeToday();
    await admin.getByLabel('Desde').fill(today);
    await expect(admin).toHaveURL(new RegExp(`desde=${today}`));
    await admin.getByLabel('Hasta').fill(today);
    await expect(admin).toHaveURL(new RegExp(`hasta=${today}`));
    await expect(orderRow).toBeVisible();
    await screenshots(admin, 'dashboard-orders-filtered');

    const downloading = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ordenes-\d{4}-\d{2}-\d{2}\.csv$/);
    let csv = '';
    for await (const chunk of await download.createReadStream()) csv += String(chunk);
    const rows = parse<Record<string, string>>(csv, { bom: true, delimiter: ';', columns: true });
    expect(rows).toEqual([
      expect.objectContaining({
        número: String(orderId),
        estado: 'Cotización',
        cliente: 'Compradora Filtrada',
        email: customer.email,
        empresa: company,
        ítems: '2',
      }),
    ]);
    expect(rows[0]!.fecha!.startsWith(today)).toBe(true);

    // A reload keeps every filter; a day before today finds nothing; Back restores the range.
    await admin.reload();
    await expect(admin.getByLabel('Buscar', { exact: true })).toHaveValue(company.toLowerCase());
    await expect(admin.getByLabel('Desde')).toHaveValue(today);
    await expect(admin.getByLabel('Hasta')).toHaveValue(today);
    await expect(orderRow).toBeVisible();
    await admin.getByLabel('Hasta').fill('2020-01-01');
    await expect(
      admin.getByText('La fecha Hasta no puede ser anterior a la fecha Desde'),
    ).toBeVisible();
    await admin.getByLabel('Desde').fill('2019-12-31');
    await expect(
      admin.getByText('Ninguna orden coincide con la búsqueda o las fechas elegidas.'),
    ).toBeVisible();
    await admin.goBack();
    await admin.goBack();
    await expect(admin.getByLabel('Hasta')).toHaveValue(today);
    await expect(orderRow).toBeVisible();

    await admin.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(admin).toHaveURL(`${E2E_BASE_URL}/dashboard/ordenes`);
    await expect(admin.getByLabel('Buscar', { exact: true })).toHaveValue('');
  } finally {
    await adminContext.close();
  }
});

test('two filters changed at once both stay in the URL', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/dashboard/ordenes');
  await expect(page.getByLabel('Hasta')).toBeVisible();
  // Both dates change in one task, before React renders the first change (as autofill or a
  // fast hand on a slow machine does): each must apply to the URL as it is then, not to the
  // filters the page last rendered.
  await page.evaluate(() => {
    // The native setter: React reads a value set this way as typed, and sees the input event.
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    for (const [id, day] of [
      ['filtro-desde', '2026-01-05'],
      ['filtro-hasta', '2026-01-20'],
    ] as const) {
      const input = document.getElementById(id) as HTMLInputElement;
      value.set?.call(input, day);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await expect(page).toHaveURL(/[?&]desde=2026-01-05(&|$)/);
  await expect(page).toHaveURL(/[?&]hasta=2026-01-20(&|$)/);
  await expect(page.getByLabel('Desde')).toHaveValue('2026-01-05');
  await expect(page.getByLabel('Hasta')).toHaveValue('2026-01-20');
});
