// An expired quote as its customer and the staff see it: 'Venció el {fecha}', no acceptance,
// 'Pedir renovación', and the request reaching the staff. The quote is expired by moving its
// data (its validity to yesterday) and running the deadlines job, never the browser's clock.
import { calendarDay, formatDate } from '@shared/format';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, registerCustomer, test } from '../support/fixtures';
import { openRevisionEditor, requestQuoteForOneProduct, screenshots } from './orders-helpers';

test('an expired quote reads Venció el, and its renewal request reaches the staff', async ({
  page,
  browser,
}) => {
  await registerCustomer(page, 'Compras Vencidas');
  const orderId = await requestQuoteForOneProduct(page);

  const { page: admin, close: closeAdmin } = await openRevisionEditor(browser, orderId);
  await admin.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(admin.getByText('Cotización enviada').first()).toBeVisible();

  const moved = await page.request.post(`/__e2e/expire-quote/${orderId}`, {
    headers: { origin: E2E_BASE_URL },
  });
  const { validUntil, expired } = (await moved.json()) as {
    validUntil: string;
    expired: number[];
  };
  expect(expired).toContain(orderId);
  const expiredOn = `Venció el ${formatDate(calendarDay(validUntil))}`;

  await page.goto(`/account/pedidos/${orderId}`);
  const notice = page.getByTestId('order-status-notice');
  await expect(notice.getByText(expiredOn)).toBeVisible();
  await expect(page.getByText('Vencida').first()).toBeVisible();
  await expect(page.getByText(/vigente/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Aceptar cotización' })).toHaveCount(0);
  await screenshots(page, 'quote-expired-customer');
  await page.getByRole('button', { name: 'Pedir renovación' }).click();
  await expect(
    page.getByText('Le pedimos a la tienda una nueva cotización. Te avisamos por correo.'),
  ).toBeVisible();
  await expect(notice.getByText(/^Pediste la renovación el /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pedir renovación' })).toHaveCount(0);

  // Staff read the request in the order's conversation and in the mail it queued.
  await admin.goto(`/dashboard/ordenes/${orderId}`);
  await expect(admin.getByTestId('order-status-notice').getByText(expiredOn)).toBeVisible();
  await expect(admin.getByText(/^El cliente pidió la renovación el /)).toBeVisible();
  await expect(
    admin.getByText(`Pido la renovación de la cotización N° ${orderId}-1`, { exact: false }),
  ).toBeVisible();
  await expect(admin.getByText('Cotización vencida')).toBeVisible();
  await expect(admin.getByText('Cotización vigente')).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Preparar renovación' })).toBeVisible();
  await screenshots(admin, 'quote-expired-admin');
  await admin.goto('/dashboard/mensajes?tab=correos');
  const mail = admin
    .getByRole('listitem')
    .filter({ hasText: `Pedido de renovación: cotización N° ${orderId}-1` });
  await expect(mail).toBeVisible();
  // The e2e server delivers to its own SMTP server (tests/support/e2e-server.ts).
  await expect(async () => {
    await admin.reload();
    await expect(mail.getByText('Enviado', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await closeAdmin();
});
