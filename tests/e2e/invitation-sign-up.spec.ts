// 'Crear cuenta' from a company's invitation: the sign-up names the company and fills in the
// invited address (not editable there; the server checks it again), and the new account starts
// confirmed, because the link proved the mailbox: no 'Confirmá tu correo' banner or mail.
import { E2E_BASE_URL } from '../support/e2e-constants';
import { freshRut } from '../support/rut';
import { expect, expectToast, registerCustomer, test } from '../support/fixtures';
import { linkInMail, mailReceived } from './mail-helpers';
import { screenshots } from './orders-helpers';

const COMPANY = 'Distribuidora Invitante S.A.';

test('signing up from an invitation names the company and starts confirmed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await registerCustomer(page, 'Ana Administradora');
  await page.goto(
    await linkInMail({ to: owner.email, subject: 'Confirmá tu correo', path: '/confirmar-correo' }),
  );
  await expect(page.getByText('Confirmaste tu correo')).toBeVisible();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(COMPANY);
  await page.getByLabel('RUT (opcional)').fill(freshRut());
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tu rol: Administrador')).toBeVisible();

  const invitedEmail = `invitada-${Date.now()}@empresa.uy`;
  await page.goto('/account/empresa/usuarios');
  await page.getByLabel('Correo de la persona').fill(invitedEmail);
  await page.getByRole('button', { name: 'Invitar' }).click();
  await expectToast(page, 'Invitación enviada');
  const invitation = await linkInMail({
    to: invitedEmail,
    subject: 'Te invitaron a una empresa',
    path: '/invitacion',
  });

  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const invited = await context.newPage();
  await invited.goto(invitation);
  await invited.getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(invited).toHaveURL(/\/registro\?redirect=%2Finvitacion#/);
  await expect(invited.getByText(`Te invitaron a sumarte a ${COMPANY}`)).toBeVisible();
  const email = invited.getByLabel('Correo electrónico');
  await expect(email).toHaveValue(invitedEmail);
  await expect(email).not.toBeEditable();
  await expect(invited.getByText('Es el correo de la invitación.')).toBeVisible();
  await screenshots(invited, 'invitation-sign-up');

  await invited.getByLabel('Nombre completo').fill('Bruno Invitado');
  await invited.getByLabel('Contraseña').fill('secreto123');
  await invited.getByRole('button', { name: 'Registrarme' }).click();
  await invited.getByRole('button', { name: 'Unirme a la empresa' }).click();
  await expectToast(invited, `Te uniste a la empresa: ${COMPANY}`);
  await expect(invited).toHaveURL(/\/account\/pedidos\?vista=empresa/);
  await expect(invited.getByRole('heading', { name: 'Pedidos', exact: true })).toBeVisible();
  await expect(invited.getByRole('region', { name: 'Confirmá tu correo' })).toHaveCount(0);
  await invited.goto('/account/seguridad');
  await expect(invited.getByText('Confirmado', { exact: true })).toBeVisible();
  await expect(invited.getByRole('region', { name: 'Confirmá tu correo' })).toHaveCount(0);
  await context.close();

  // The invitation was the only mail to that address: no confirmation link followed it.
  const last = await mailReceived({ to: invitedEmail, subject: '' });
  expect(last.subject).toContain('Te invitaron a una empresa');
});
