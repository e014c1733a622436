import { expect, type Page, test as base } from '@playwright/test';
import { E2E_ADMIN } from './e2e-constants';

let customerCounter = 0;

export type TestCustomer = { fullName: string; email: string; password: string };

/** Signs up a new customer through /registro; the page ends signed in. */
export async function registerCustomer(
  page: Page,
  fullName = 'María Pérez',
): Promise<TestCustomer> {
  customerCounter += 1;
  const customer = {
    fullName,
    email: `cliente-${Date.now()}-${customerCounter}-${Math.floor(Math.random() * 1e4)}@empresa.uy`,
    password: 'secreto123',
  };
  await page.goto('/registro');
  await page.getByLabel('Nombre completo').fill(customer.fullName);
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByLabel('Contraseña').fill(customer.password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
  return customer;
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
}

export const loginAsAdmin = (page: Page) => login(page, E2E_ADMIN.email, E2E_ADMIN.password);

/** Fails the test on any uncaught page error, so a broken screen never passes silently. */
export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
