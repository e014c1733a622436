// The staff desk (docs/decisions/092-one-desk-for-quotes.md): a new request is an unread order
// with a count beside 'Órdenes'; opening it reads it; several orders get a 'Responsable' at
// once; 'Mis órdenes' and the page size live in the URL; the status is changed on the order.
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import { requestQuoteForOneProduct, screenshots } from './orders-helpers';

test('staff read, assign and filter the queue, and change a status from the order', async ({
  page,
  browser,
}) => {
  await registerCustomer(page, 'Compradora del Escritorio');
  const first = await requestQuoteForOneProduct(page);
  const second = await requestQuoteForOneProduct(page);

  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await adminContext.newPage();
  try {
    await loginAsAdmin(admin);
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto('/dashboard/ordenes');
    await expect(admin.getByRole('heading', { name: 'Órdenes', level: 1 })).toBeVisible();
    const queue = admin.getByRole('list', { name: 'Órdenes' });
    const card = (id: number) => queue.getByRole('listitem').filter({ hasText: `#${id} ·` });

    // Both new requests are unread: bold with a dot, said to screen readers, and counted.
    await expect(card(first).getByRole('link', { name: `Sin leer: #${first}` })).toBeVisible();
    await expect(card(second).getByRole('link', { name: `Sin leer: #${second}` })).toBeVisible();
    await expect(card(first)).toContainText(/Cliente: hace \d+ min|Cliente: recién/);
    const badge = admin.getByLabel(/^\d+ (orden|órdenes) sin leer$/).first();
    const unreadCount = async () => Number((await badge.textContent()) ?? 0);
    const before = await unreadCount();
    expect(before).toBeGreaterThanOrEqual(2);
    await screenshots(admin, 'staff-desk-queue');

    // Opening one reads it for this staff member.
    await card(first).getByRole('link').click();
    await expect(admin.getByRole('heading', { name: `Pedido #${first}` })).toBeVisible();
    await expect.poll(unreadCount).toBe(before - 1);
    await admin.getByRole('link', { name: 'Volver a Órdenes' }).click();
    await expect(card(first).getByRole('link', { name: `#${first} ·` })).toBeVisible();
    await expect(card(first).getByText('Sin leer:')).toHaveCount(0);
    await expect(card(second).getByText('Sin leer:')).toHaveCount(1);

    // Both orders get a 'Responsable' at once.
    await card(first).getByRole('checkbox').click();
    await card(second).getByRole('checkbox').click();
    await expect(admin.getByText('2 seleccionadas')).toBeVisible();
    await admin.getByLabel('Responsable').selectOption({ index: 1 });
    const owner = (await admin.getByLabel('Responsable').locator('option:checked').textContent())!;
    await admin.getByRole('button', { name: 'Asignar responsable' }).click();
    await expect(card(first)).toContainText(`Responsable: ${owner}`);
    await expect(card(second)).toContainText(`Responsable: ${owner}`);

    // 'Mis órdenes' and the page size are in the URL.
    await admin.getByRole('checkbox', { name: 'Mis órdenes' }).click();
    await expect(admin).toHaveURL(/[?&]mias=true/);
    await expect(card(first)).toBeVisible();
    await expect(card(second)).toBeVisible();
    await admin.getByLabel('Por página').selectOption('50');
    await expect(admin).toHaveURL(/[?&]porPagina=50/);
    await admin.reload();
    await expect(admin.getByLabel('Por página')).toHaveValue('50');
    await expect(admin.getByRole('checkbox', { name: 'Mis órdenes' })).toBeChecked();
    await screenshots(admin, 'staff-desk-mine');

    // No status select on the rows: the status changes on the order, with its reason.
    await expect(queue.locator('select')).toHaveCount(0);
    await admin.goto(`/dashboard/ordenes/${second}`);
    await expect(admin.getByLabel('Responsable')).toHaveValue(/\d+/);
    await admin.getByLabel('Estado').selectOption('Cancelado');
    await admin.getByLabel('Motivo').fill('Pedido duplicado');
    await admin.getByRole('button', { name: 'Confirmar cancelado' }).click();
    await expect(admin.getByText('Cotización → Cancelado')).toBeVisible();
    await screenshots(admin, 'staff-desk-order');
  } finally {
    await adminContext.close();
  }
});
