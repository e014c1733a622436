// A quote negotiated rather than taken or left (docs/decisions/090-asking-for-changes-is-an-event.md):
// a company buyer with a spending limit asks for changes with a reason, staff read it at the
// top of the order and send a new revision, the buyer reads what changed, and the acceptance
// dialog says, before confirming, that the total passes their limit.
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, expectToast, registerCustomer, test } from '../support/fixtures';
import { freshRut } from '../support/rut';
import { linkInMail } from './mail-helpers';
import {
  addFromProductPage,
  inStockProducts,
  openRevisionEditor,
  requestQuote,
  screenshots,
} from './orders-helpers';

const REASON = 'Necesitamos 2 unidades y un mejor precio por volumen';

test('the buyer asks for changes, staff answer with a revision, the buyer reads what changed and is warned of the limit', async ({
  page,
  browser,
}) => {
  // Two accounts joined by an invitation, two revisions and eight screenshots.
  test.setTimeout(240_000);
  const owner = await registerCustomer(page, 'Olga Administradora');
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(`Negocios ${Date.now()} S.A.`);
  await page.getByLabel('RUT (opcional)').fill(freshRut());
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();
  await page.goto(
    await linkInMail({ to: owner.email, subject: 'Confirmá tu correo', path: '/confirmar-correo' }),
  );
  await expect(page.getByText('Confirmaste tu correo')).toBeVisible();

  const buyerEmail = `compras-${Date.now()}@empresa.uy`;
  await page.goto('/account/empresa/usuarios');
  await page.getByLabel('Correo de la persona').fill(buyerEmail);
  await page.getByRole('button', { name: 'Invitar' }).click();
  await expectToast(page, 'Invitación enviada');
  const buyerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(
    await linkInMail({
      to: buyerEmail,
      subject: 'Te invitaron a una empresa',
      path: '/invitacion',
    }),
  );
  await buyer.getByRole('link', { name: 'Crear cuenta' }).click();
  await buyer.getByLabel('Nombre completo').fill('Beto Compras');
  await expect(buyer.getByLabel('Correo electrónico')).toHaveValue(buyerEmail);
  await buyer.getByLabel('Contraseña').fill('secreto123');
  await buyer.getByRole('button', { name: 'Registrarme' }).click();
  await buyer.getByRole('button', { name: 'Unirme a la empresa' }).click();
  await expectToast(buyer, 'Te uniste a la empresa');

  await page.reload();
  const member = page.getByRole('listitem').filter({ hasText: buyerEmail });
  await member.getByLabel('Límite de compra (US$)').fill('1.000');
  await member.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Cambios guardados');

  // One unit at US$ 1.000 + IVA: US$ 1.220,00.
  const [product] = await inStockProducts(buyer.request, 1, 3);
  await addFromProductPage(buyer, product!.slug);
  const orderId = await requestQuote(buyer);
  const staff = await openRevisionEditor(browser, orderId);
  await staff.page.getByLabel('Precio unit. (US$)').first().fill('1000');
  await staff.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(staff.page.getByText('Cotización vigente')).toBeVisible();

  // The buyer asks for changes; the reason is required.
  await buyer.goto(`/account/pedidos/${orderId}`);
  const summary = buyer.getByRole('region', { name: 'Cotización actual' });
  await summary.getByRole('button', { name: 'Pedir cambios' }).click();
  const dialog = buyer.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Enviar pedido de cambios' }).click();
  await expect(dialog.getByText('Contanos qué querés cambiar', { exact: true })).toBeVisible();
  await dialog.getByLabel('Qué querés cambiar').fill(REASON);
  await screenshots(buyer, 'pedir-cambios-dialogo');
  await dialog.getByRole('button', { name: 'Enviar pedido de cambios' }).click();
  await expectToast(buyer, 'Enviamos tu pedido de cambios');
  const buyerNotice = buyer.getByTestId('change-request');
  await expect(buyerNotice).toContainText(`Pediste cambios a la cotización N° ${orderId}-1`);
  await expect(buyerNotice).toContainText(REASON);
  // Asked once per revision; accepting it is still possible.
  await expect(summary.getByRole('button', { name: 'Pedir cambios' })).toHaveCount(0);
  await expect(summary.getByRole('button', { name: 'Aceptar cotización' })).toBeVisible();
  await buyer.mouse.move(0, 0);
  await screenshots(buyer, 'pedir-cambios-cliente');

  // Staff read it at the top of the order, and in its history.
  await staff.page.reload();
  const staffNotice = staff.page.getByTestId('change-request');
  await expect(staffNotice).toContainText(
    `El cliente pidió cambios a la cotización N° ${orderId}-1`,
  );
  await expect(staffNotice).toContainText(REASON);
  // At the top of the order: seen without scrolling (the reload kept the editor's scroll).
  await staff.page.evaluate(() => window.scrollTo(0, 0));
  await expect(staffNotice).toBeInViewport();
  await expect(
    staff.page.getByText(`Cambios pedidos a la cotización N° ${orderId}-1`),
  ).toBeVisible();
  await screenshots(staff.page, 'pedir-cambios-personal');

  // The new revision: two units at US$ 900 (US$ 2.196,00, still above the limit).
  await staff.page.setViewportSize({ width: 1280, height: 900 });
  await staff.page.getByRole('button', { name: 'Preparar cotización' }).click();
  await staff.page.getByLabel('Cantidad').first().fill('2');
  await staff.page.getByLabel('Precio unit. (US$)').first().fill('900');
  await staff.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expectToast(staff.page, 'Cotización enviada');
  await expect(staff.page.getByTestId('change-request')).toHaveCount(0);
  await expect(staff.page.getByTestId('revision-changes').first()).toContainText(
    `Cambios respecto de la N° ${orderId}-1`,
  );
  await staff.close();

  await buyer.reload();
  await expect(buyer.getByTestId('change-request')).toHaveCount(0);
  const changes = buyer.getByTestId('revision-changes');
  await expect(changes).toContainText(`Cambios respecto de la N° ${orderId}-1`);
  await expect(changes).toContainText('cantidad 1 → 2');
  await expect(changes).toContainText('precio US$ 1.000,00 → US$ 900,00');
  await expect(changes).toContainText('Total: US$ 1.220,00 → US$ 2.196,00');
  await screenshots(buyer, 'cambios-revision');

  await buyer.setViewportSize({ width: 360, height: 740 });
  await summary.getByRole('button', { name: 'Aceptar cotización' }).click();
  const accept = buyer.getByRole('alertdialog');
  await expect(accept.getByTestId('accept-limit-warning')).toHaveText(
    'Supera tu límite de US$ 1.000,00: un administrador de tu empresa tiene que aprobarla',
  );
  await screenshots(buyer, 'aceptar-sobre-el-limite');
  await accept.getByRole('button', { name: 'Confirmar aceptación' }).click();
  await expectToast(buyer, 'pedimos la aprobación de un administrador');
  await buyerContext.close();
});
