// Credit and collections as staff and a company's buyer live them
// (docs/decisions/083-terms-credit-and-due-dates.md, 084-payments-statement-and-receivables.md):
// 30 days and US$ 5.000 set on the company, an acceptance that reads its due day, a second one
// over the credit waiting for the store, a transfer recorded, the statement, and the server's
// clock moved past the due day: 'Vencido' and the reminder mailed.
import type { Page } from '@playwright/test';
import { calendarDay, formatDate, storeDay } from '@shared/format';
import { daysBetween, dueDateOf } from '@shared/payment-terms';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, login, openAdminPage, registerCustomer, test } from '../support/fixtures';
import { freshRut } from '../support/rut';
import { mailReceived } from './mail-helpers';
import { openRevisionEditor, requestQuoteForOneProduct, screenshots } from './orders-helpers';

/** Puts the e2e server's clock `days` ahead (0: back) and runs the reminders' job. */
const moveServerClock = (page: Page, days: number) =>
  page.request.post('/__e2e/clock', { data: { days }, headers: { origin: E2E_BASE_URL } });

/** Staff quote one unit at US$ 2.500 + IVA (US$ 3.050,00) and the buyer accepts it. */
async function quoteAndAccept(page: Page, browser: Parameters<typeof openRevisionEditor>[0]) {
  const orderId = await requestQuoteForOneProduct(page);
  const editor = await openRevisionEditor(browser, orderId);
  await editor.page.getByLabel('Precio unit. (US$)').first().fill('2500');
  await editor.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(editor.page.getByText('Cotización vigente')).toBeVisible();
  await editor.close();
  await page.goto(`/account/pedidos/${orderId}`);
  await page
    .getByRole('region', { name: 'Cotización actual' })
    .getByRole('button', { name: 'Aceptar cotización' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar aceptación' }).click();
  return orderId;
}

test.afterEach(async ({ page }) => {
  await moveServerClock(page, 0);
});

test('30 days and US$ 5.000: due day, a credit hold, a transfer, the statement, Vencido', async ({
  page,
  browser,
}) => {
  // Two people, two quotes, a moved clock and six screenshots: longer than one page's test.
  test.setTimeout(240_000);
  const buyer = await registerCustomer(page, 'Compras Crédito');
  const companyName = `Crédito ${Date.now()} S.A.`;
  const rut = freshRut();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(companyName);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();

  // Staff set the terms on the company's page.
  const admin = await openAdminPage(browser);
  await admin.page.goto('/dashboard/clientes?vista=empresas');
  await admin.page.getByLabel('Buscar clientes').fill(rut);
  await admin.page.getByRole('button', { name: 'Buscar' }).click();
  await admin.page
    .getByRole('link', { name: companyName })
    .filter({ visible: true })
    .first()
    .click();
  const companyUrl = admin.page.url();
  const credit = admin.page.getByRole('region', { name: 'Crédito y condiciones de pago' });
  await credit
    .getByLabel('Condiciones de pago', { exact: true })
    .selectOption({ label: 'Crédito a 30 días' });
  await credit.getByLabel('Límite de crédito (US$)').fill('abc');
  await credit.getByRole('button', { name: 'Guardar condiciones' }).click();
  await expect(credit.getByLabel('Límite de crédito (US$)')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await credit.getByLabel('Límite de crédito (US$)').fill('5.000');
  await credit.getByRole('button', { name: 'Guardar condiciones' }).click();
  await expect(admin.page.getByText('Condiciones guardadas')).toBeVisible();
  await expect(credit.getByTestId('credit-available')).toHaveText('US$ 5.000,00 de US$ 5.000,00');
  await expect(credit.getByText('Crédito a 30 días desde la aceptación')).toBeVisible();

  // The first acceptance fits the credit: it is due 30 days on (a weekend moves it to Monday).
  const firstId = await quoteAndAccept(page, browser);
  const today = storeDay(new Date());
  const dueOn = dueDateOf(today, 30);
  const payment = page.getByRole('region', { name: 'Pago' });
  await expect(payment.getByTestId('order-due')).toHaveText(
    `Vence el ${formatDate(calendarDay(dueOn))}`,
  );
  await expect(payment.getByText('Pendiente de pago')).toBeVisible();
  await screenshots(page, 'pedido-vence');

  // The second passes what is left (US$ 1.950,00): the store decides, the stock stays held.
  const secondId = await quoteAndAccept(page, browser);
  await expect(page.getByTestId('credit-hold')).toContainText(
    'Supera tu crédito disponible (US$ 1.950,00). Lo revisamos y te avisamos.',
  );
  await screenshots(page, 'pedido-espera-credito');

  await admin.page.goto(`/dashboard/ordenes/${secondId}`);
  const review = admin.page.getByRole('region', { name: 'Aprobación de crédito' });
  await expect(review.getByRole('button', { name: 'Aprobar crédito' })).toBeVisible();
  await screenshots(admin.page, 'orden-aprobacion-credito');

  // Staff record a transfer of US$ 1.000: it pays the oldest order first.
  await admin.page.goto(companyUrl);
  const account = admin.page.getByRole('region', { name: 'Cuenta corriente' });
  await account.getByRole('button', { name: 'Registrar pago' }).click();
  const form = account.getByRole('form', { name: 'Registrar pago' });
  await form.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(form.getByLabel('Importe')).toHaveAccessibleDescription('Ingresá el importe');
  await expect(form.getByLabel('Banco')).toHaveAccessibleDescription('Ingresá el banco');
  await form.getByLabel('Importe').fill('1.000');
  await form.getByLabel('Banco').fill('BROU');
  await form.getByLabel('Referencia').fill('TR-0001');
  await form.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(admin.page.getByText('Pago registrado')).toBeVisible();
  await expect(account.getByTestId('statement-balance')).toHaveText('US$ 2.050,00');
  await expect(account.getByText('Transferencia · BROU · TR-0001')).toBeVisible();
  await screenshots(admin.page, 'empresa-cuenta-corriente');

  // The buyer's statement.
  await page.goto('/account/empresa/cuenta');
  await expect(page.getByRole('heading', { name: 'Estado de cuenta' })).toBeVisible();
  await expect(page.getByTestId('statement-balance')).toHaveText('US$ 2.050,00');
  await expect(page.getByTestId('statement-available')).toHaveText('US$ 2.950,00');
  await expect(page.getByRole('link', { name: 'Descargar PDF' })).toBeVisible();
  await screenshots(page, 'estado-de-cuenta');

  // The day after the due day: the reminder goes out and the order reads 'Vencido'.
  const moved = await moveServerClock(page, daysBetween(today, dueOn) + 1);
  const { reminders } = (await moved.json()) as { reminders: { orderId: number }[] };
  expect(reminders.map((reminder) => reminder.orderId)).toContain(firstId);
  await mailReceived({
    to: buyer.email,
    subject: `El pago del pedido N° ${firstId} venció el ${formatDate(calendarDay(dueOn))}`,
  });
  // Thirty days on, the sessions have ended: both sign in again.
  await login(page, buyer.email, buyer.password);
  await page.goto(`/account/pedidos/${firstId}`);
  await expect(page.getByRole('region', { name: 'Pago' }).getByText('Vencido')).toBeVisible();
  await screenshots(page, 'pedido-vencido');

  const staff = await openAdminPage(browser);
  await staff.page.goto('/dashboard/cobranzas');
  const row = staff.page.getByRole('table', { name: 'Saldos por cliente' }).getByRole('row', {
    name: new RegExp(companyName),
  });
  await expect(row).toContainText('US$ 2.050,00');
  await expect(
    staff.page.getByRole('region', { name: /Esperan aprobación de crédito/ }),
  ).toContainText(`Pedido #${secondId}`);
  await screenshots(staff.page, 'cobranzas');
  await staff.page.goto('/dashboard');
  await expect(staff.page.getByText('Vencido', { exact: true })).toBeVisible();

  // The bank returns the transfer: reversed with its reason, the balance owed again.
  await staff.page.goto(companyUrl);
  const ledger = staff.page.getByRole('region', { name: 'Cuenta corriente' });
  await ledger.getByRole('button', { name: 'Revertir pago de US$ 1.000,00' }).click();
  const reversal = staff.page.getByRole('alertdialog');
  await reversal.getByRole('button', { name: 'Revertir pago' }).click();
  await expect(reversal.getByLabel('Motivo')).toHaveAccessibleDescription(
    'Escribí el motivo de la reversión',
  );
  await reversal.getByLabel('Motivo').fill('Transferencia devuelta por el banco');
  await reversal.getByRole('button', { name: 'Revertir pago' }).click();
  await expect(staff.page.getByText('Pago revertido')).toBeVisible();
  await expect(ledger.getByTestId('statement-balance')).toHaveText('US$ 3.050,00');
  await expect(ledger.getByText('Revertido: Transferencia devuelta por el banco')).toBeVisible();
  await staff.close();
  await admin.close();
});
