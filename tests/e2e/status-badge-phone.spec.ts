// The longest status label, 'Cotización lista para revisar', stays inside its order card on a
// 360 px phone on the staff pages that list a customer's or a company's latest orders.
import { expect, openAdminPage, registerCustomer, test } from '../support/fixtures';
import { openRevisionEditor, requestQuoteForOneProduct, screenshots } from './orders-helpers';

test('a revised quote’s badge fits its card at 360 px on the staff customer page', async ({
  page,
  browser,
}) => {
  const name = `Insumos Largos ${Date.now()}`;
  await registerCustomer(page, name);
  const orderId = await requestQuoteForOneProduct(page);
  const { page: editor, close: closeEditor } = await openRevisionEditor(browser, orderId);
  await editor.getByLabel('Descuento %').first().fill('5');
  await editor.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(editor.getByText('Cotización vigente')).toBeVisible();
  await closeEditor();

  const { page: staff, close } = await openAdminPage(browser);
  await staff.setViewportSize({ width: 360, height: 900 });
  await staff.goto(`/dashboard/clientes?q=${encodeURIComponent(name)}`);
  await staff.getByRole('link', { name }).first().click();
  const card = staff.getByRole('list', { name: 'Pedidos' }).getByRole('listitem').first();
  const badge = card.getByText('Cotización lista para revisar');
  await expect(badge).toBeVisible();
  const [cardBox, badgeBox] = [await card.boundingBox(), await badge.boundingBox()];
  expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  await screenshots(staff, 'staff-customer-orders');
  await close();
});
