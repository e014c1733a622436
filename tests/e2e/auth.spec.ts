import { E2E_ADMIN } from '../support/e2e-constants';
import { expect, expectToast, login, registerCustomer, test } from '../support/fixtures';
import { screenshots } from './orders-helpers';

test.describe('sign-up, login and guards', () => {
  test('before the page runs, the login form cannot be sent as a GET with the password', async ({
    browser,
  }) => {
    // The server's HTML as a browser shows it before hydration: nothing handles the submit yet.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Contraseña').fill('secreto-123');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeDisabled();
    await context.close();
  });

  test('a visitor signs up, is signed in, signs out and logs in again', async ({ page }) => {
    const customer = await registerCustomer(page, 'Lucía Fernández');
    // The avatar shows the first letter of the full name.
    await expect(page.getByRole('button', { name: 'Mi cuenta' })).toContainText('L');

    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Mis pedidos' }).click();
    await expect(page).toHaveURL(/\/account\/pedidos$/);
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await login(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/$/);
    // A signed-in visitor who opens /login is sent home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('signing up with a taken e-mail and another password ends in the login failure', async ({
    page,
    browser,
  }) => {
    const owner = await registerCustomer(page, 'Dueña Original');
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto('/registro');
    await stranger.getByLabel('Nombre completo').fill('Otra Persona');
    await stranger.getByLabel('Correo electrónico').fill(owner.email);
    await stranger.getByLabel('Contraseña').fill('otra-clave-distinta');
    await stranger.getByRole('button', { name: 'Registrarme' }).click();
    await expect(stranger.getByText('Email o contraseña incorrectos')).toBeVisible();
    await expect(stranger).toHaveURL(/\/registro/);
    // The way back into an account of one's own, without saying the address has one.
    await expect(stranger.getByText('Ya existe una cuenta')).toHaveCount(0);
    await screenshots(stranger, 'register-taken-address');
    await stranger.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(stranger).toHaveURL(/\/recuperar-contrasena$/);
    await expect(stranger.getByRole('banner').getByLabel('Mi cuenta')).toHaveCount(0);
    await stranger.context().close();
    // The owner's account is untouched.
    await page.goto('/account/pedidos');
    await expect(page.getByText('Dueña Original')).toBeVisible();
  });

  test('signing out of every device ends the other sessions too', async ({ page, browser }) => {
    const customer = await registerCustomer(page, 'Dos Dispositivos');
    const laptop = await (await browser.newContext()).newPage();
    await login(laptop, customer.email, customer.password);

    await page.goto('/account/pedidos');
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'Cerraste la sesión en todos los dispositivos.');

    await laptop.goto('/account/pedidos');
    await expect(laptop).toHaveURL(/\/login\?redirect=/);
    await laptop.context().close();
  });

  test('registration shows each Spanish validation message under its field', async ({ page }) => {
    await page.goto('/registro');
    await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
    await page.getByLabel('Contraseña').fill('123');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByText('El nombre completo es requerido')).toBeVisible();
    await expect(page.getByText('El correo electrónico no es válido')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  });

  test('registration refuses a common breached password under its field, then takes a good one', async ({
    page,
  }) => {
    // The list of breached passwords stays on the server: the refusal comes with the answer.
    const email = `filtrada-${Date.now()}@empresa.uy`;
    await page.goto('/registro');
    await page.getByLabel('Nombre completo').fill('Sofía Rodríguez');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('Password123');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    const refusal = 'Esa contraseña es de las más usadas y filtradas: elegí otra';
    await expect(page.getByText(refusal).first()).toBeVisible();
    await expect(page.getByLabel('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/registro$/);
    await screenshots(page, 'register-breached-password');

    await page.getByLabel('Contraseña').fill('mate-con-bizcochos');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
  });

  test('a wrong password shows the generic message as a toast', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('¡Qué bueno tenerte de vuelta!')).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(E2E_ADMIN.email);
    await page.getByLabel('Contraseña').fill('clave-incorrecta');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Email o contraseña incorrectos')).toBeVisible();
  });

  test('guards send visitors to /login and customers away from the dashboard', async ({ page }) => {
    await page.goto('/account/pedidos');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);

    await registerCustomer(page);
    await page.goto('/dashboard/productos');
    await expect(page).toHaveURL(/\/$/);
  });

  test('login returns to the page that asked for it', async ({ page }) => {
    await page.goto('/dashboard/ordenes');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Correo electrónico').fill(E2E_ADMIN.email);
    await page.getByLabel('Contraseña').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard\/ordenes$/);
    await expect(page.getByRole('button', { name: 'Cerrar sesión' }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Panel de administración' })).toContainText(
      'Gestionar Blog',
    );
  });

  test('an unknown address shows the Spanish not-found page', async ({ page }) => {
    await page.goto('/no-existe-esta-pagina');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });
});
