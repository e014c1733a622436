// Accounts a business relies on, end to end in the browser: a password recovered by
// mail, a colleague invited who joins and sees the company's quote, a quote above a member's
// spending limit approved by the administrator, an account deleted. Mails are read as their
// reader gets them, from the e2e server's SMTP server (tests/e2e/mail-helpers.ts).
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/e2e-constants';
import { expect, expectToast, loginAsAdmin, registerCustomer, test } from '../support/fixtures';
import { isValidRut } from '@shared/rut';
import { linkInMail } from './mail-helpers';
import {
  addFromProductPage,
  inStockProducts,
  openRevisionEditor,
  requestQuote,
  screenshots,
} from './orders-helpers';

/** A valid RUT no other run of this suite has used (a company is one per RUT). */
function freshRut(): string {
  for (;;) {
    const middle = String(Math.floor(Math.random() * 900_000) + 100_000);
    for (let check = 0; check < 10; check += 1) {
      const rut = `21${middle}001${check}`;
      if (isValidRut(rut)) return rut;
    }
  }
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/');
}

test('a forgotten password is replaced through the mailed link', async ({ page }) => {
  const customer = await registerCustomer(page, 'Olvido Pérez');
  await page.goto('/account/pedidos');
  await expect(page.getByText('Confirmá tu correo')).toBeVisible();
  await signOut(page);

  await page.goto('/login');
  await screenshots(page, 'login-forgot-link');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena$/);
  await screenshots(page, 'forgot-password');
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(
    page.getByText(
      'Si ese correo tiene una cuenta, te enviamos un enlace para crear una contraseña nueva.',
    ),
  ).toBeVisible();

  const link = await linkInMail({
    to: customer.email,
    subject: 'Creá una contraseña nueva',
    path: '/nueva-contrasena',
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Creá una contraseña nueva' })).toBeVisible();
  await screenshots(page, 'new-password');
  await page.getByLabel('Contraseña nueva').fill('otra-clave-99');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expectToast(page, 'Listo: tu contraseña cambió');
  await expect(page).toHaveURL(/\/login$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('Contraseña nueva').fill('tercera-clave');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(
    page.getByText('El enlace venció o ya se usó. Pedí uno nuevo.').first(),
  ).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByLabel('Contraseña').fill('otra-clave-99');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // The sign-up's confirmation link confirms the address: the banner goes.
  const confirm = await linkInMail({
    to: customer.email,
    subject: 'Confirmá tu correo',
    path: '/confirmar-correo',
  });
  await page.goto(confirm);
  await expect(page.getByText('Confirmaste tu correo')).toBeVisible();
  await page.goto('/account/pedidos');
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
  await expect(page.getByText('Confirmá tu correo')).toHaveCount(0);
  await page.goto('/account/seguridad');
  await expect(page.getByText(customer.email).first()).toBeVisible();
  await screenshots(page, 'account-security');
});

test('an invited colleague joins, sees the company quote, and needs approval above a limit', async ({
  page,
  browser,
}) => {
  // The suite's longest flow (two accounts, a confirmation, two quotes, an approval): on a
  // loaded 2-core machine it ran 1.6 minutes, past the default minute.
  test.setTimeout(180_000);
  const owner = await registerCustomer(page, 'Ana Administradora');
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill('Compañía de Prueba S.A.');
  await page.getByLabel('RUT (opcional)').fill(freshRut());
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();
  const [product] = await inStockProducts(page.request, 1);
  await addFromProductPage(page, product!.slug);
  const ownerOrder = await requestQuote(page);

  // Until the administrator's own address is confirmed, the store mails nobody for them.
  const colleagueEmail = `colega-${Date.now()}@empresa.uy`;
  await page.goto('/account/empresa/usuarios');
  await page.getByLabel('Correo de la persona').fill(colleagueEmail);
  await page.getByRole('button', { name: 'Invitar' }).click();
  await expect(
    page.getByText('Para invitar, primero confirmá tu correo con el enlace que te enviamos'),
  ).toBeVisible();
  await screenshots(page, 'invite-unconfirmed');
  await page.goto(
    await linkInMail({ to: owner.email, subject: 'Confirmá tu correo', path: '/confirmar-correo' }),
  );
  await expect(page.getByText('Confirmaste tu correo')).toBeVisible();

  await page.goto('/account/empresa/usuarios');
  await page.getByLabel('Correo de la persona').fill(colleagueEmail);
  await page.getByRole('button', { name: 'Invitar' }).click();
  await expectToast(page, 'Invitación enviada');
  await expect(page.getByRole('list', { name: 'Invitaciones pendientes' })).toContainText(
    colleagueEmail,
  );

  const invitation = await linkInMail({
    to: colleagueEmail,
    subject: 'Te invitaron a una empresa',
    path: '/invitacion',
  });
  const colleagueContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(invitation);
  await expect(
    colleague.getByRole('heading', { name: 'Te invitaron a Compañía de Prueba S.A.' }),
  ).toBeVisible();
  await screenshots(colleague, 'invitation');
  await colleague.getByRole('link', { name: 'Crear cuenta' }).click();
  await colleague.getByLabel('Nombre completo').fill('Bruno Colega');
  await expect(colleague.getByLabel('Correo electrónico')).toHaveValue(colleagueEmail);
  await colleague.getByLabel('Contraseña').fill('secreto123');
  await colleague.getByRole('button', { name: 'Registrarme' }).click();
  await colleague.getByRole('button', { name: 'Unirme a la empresa' }).click();
  await expectToast(colleague, 'Te uniste a la empresa');
  await expect(colleague).toHaveURL(/\/account\/pedidos\?vista=empresa/);
  const companyOrders = colleague
    .getByRole('list', { name: 'Pedidos de la empresa' })
    .or(colleague.getByRole('table'));
  await expect(companyOrders.filter({ visible: true })).toContainText(`#${ownerOrder}`);
  await expect(companyOrders.filter({ visible: true })).toContainText('Ana Administradora');
  await screenshots(colleague, 'company-orders');
  await colleague.goto(`/account/pedidos/${ownerOrder}`);
  await expect(colleague.getByRole('heading', { name: `Pedido #${ownerOrder}` })).toBeVisible();

  // A spending limit of US$ 1: any quote the colleague accepts needs approval.
  await page.reload();
  const member = page.getByRole('listitem').filter({ hasText: colleagueEmail });
  await member.getByLabel('Límite de compra (US$)').fill('1');
  await member.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Cambios guardados');
  await screenshots(page, 'company-users');

  await addFromProductPage(colleague, product!.slug);
  const colleagueOrder = await requestQuote(colleague);
  const admin = await openRevisionEditor(browser, colleagueOrder);
  await admin.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expectToast(admin.page, 'Cotización enviada');
  await admin.close();

  await colleague.goto(`/account/pedidos/${colleagueOrder}`);
  await colleague.getByRole('button', { name: 'Aceptar cotización' }).click();
  await colleague
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Confirmar aceptación' })
    .click();
  await expectToast(colleague, 'pedimos la aprobación de un administrador');
  await expect(colleague.getByText('Aprobación pendiente').first()).toBeVisible();
  await expect(colleague.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);

  // The administrator follows the mail's link to the order.
  const approval = await linkInMail({
    to: owner.email,
    subject: `Aprobación pendiente: pedido N° ${colleagueOrder}`,
    path: `/account/pedidos/${colleagueOrder}`,
  });
  await page.goto(approval);
  await expect(page.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  await screenshots(page, 'approval-panel');
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expectToast(page, 'Pedido aprobado');
  await expect(page.getByText('Concretado').first()).toBeVisible();
  await colleague.reload();
  await expect(colleague.getByText('Aprobada por Ana Administradora')).toBeVisible();
  await colleagueContext.close();
});

test('a customer downloads their data and deletes their account', async ({ page }) => {
  const customer = await registerCustomer(page, 'Chau Cliente');
  await page.goto('/account/privacidad');
  await expect(page.getByRole('heading', { name: 'Privacidad', exact: true })).toBeVisible();
  const data = await page.request.get('/api/account/data.json');
  expect(data.status()).toBe(200);
  expect(((await data.json()) as { account: { email: string } }).account.email).toBe(
    customer.email,
  );
  await screenshots(page, 'account-privacy');

  await page.getByLabel('Tu contraseña, para confirmar').fill('no-es-esta');
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page.getByText('La contraseña actual no es correcta').first()).toBeVisible();
  // The dialog closes on the refusal; until it has, the next 'Eliminar mi cuenta' would be
  // the dialog's own button (the page behind a modal is inert), confirming a step too early.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.getByLabel('Tu contraseña, para confirmar').fill(customer.password);
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expectToast(page, 'Eliminamos tu cuenta y tus datos personales.');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByLabel('Contraseña').fill(customer.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Email o contraseña incorrectos')).toBeVisible();

  // The address is free again.
  await page.goto('/registro');
  await page.getByLabel('Nombre completo').fill('Chau Vuelve');
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByLabel('Contraseña').fill('nueva-clave');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
});

test('staff find customers and companies', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page.getByText(/^Total: \d+/)).toBeVisible();
  await screenshots(page, 'dashboard-customers');
  await page.getByRole('link', { name: 'Empresas' }).click();
  await expect(page).toHaveURL(/vista=empresas/);
  await page.getByLabel('Buscar clientes').fill('compania de prueba');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(
    page.getByText('Compañía de Prueba S.A.').filter({ visible: true }).first(),
  ).toBeVisible();
  await page
    .getByRole('link', { name: 'Compañía de Prueba S.A.' })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Compañía de Prueba S.A.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Miembros' })).toContainText('Ana Administradora');
  await screenshots(page, 'dashboard-company');

  await page.goto('/dashboard/paginas');
  await expect(page.getByLabel('Título')).toBeVisible();
  await screenshots(page, 'dashboard-legal-pages');
  // The footer's legal links open the pages staff edit.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
  await expect(page).toHaveURL(/\/privacidad$/);
  await screenshots(page, 'privacy-policy');
});
