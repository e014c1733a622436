// The invoicing specs' setup: the store as an issuer (docs/decisions/086-*.md).
import { type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/e2e-constants';
import { expect, openAdminPage, registerCustomer } from '../support/fixtures';
import { freshRut } from '../support/rut';
import { addFromProductPage, inStockProducts, requestQuote } from './orders-helpers';

export type Answer<T> = { result: { data: { json: T } } };

/**
 * The store as an issuer: its RUT (only when it has none: other specs save the store's data
 * and this one must not undo theirs), its DGI branch and domicilio fiscal, invoices on
 * acceptance.
 */
export async function setUpIssuer() {
  const admin = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: new URL(E2E_BASE_URL).origin },
  });
  const login = await admin.post('/trpc/auth.login', {
    data: { json: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } },
  });
  expect(login.ok()).toBe(true);
  const store = (
    (await (await admin.get('/trpc/admin.store.get')).json()) as Answer<
      Record<string, unknown> & { rut: string | null; logoUrl: unknown }
    >
  ).result.data.json;
  if (!store.rut) {
    const { logoUrl: _logo, ...profile } = store;
    const saved = await admin.post('/trpc/admin.store.update', {
      data: { json: { ...profile, rut: '211003420017' } },
    });
    expect(saved.ok(), `store.update answered ${saved.status()}`).toBe(true);
  }
  const invoicing = await admin.post('/trpc/admin.store.updateInvoicing', {
    data: {
      json: {
        dgiBranchCode: '1',
        dgiResolution: '1234/2023',
        fiscalAddress: 'Av. 18 de Julio 1234',
        fiscalCity: 'Montevideo',
        fiscalDepartment: 'Montevideo',
        invoiceOn: 'acceptance',
        uiValue: '6,1',
      },
    },
  });
  expect(invoicing.ok(), `updateInvoicing answered ${invoicing.status()}`).toBe(true);
  await admin.dispose();
}

/**
 * A new customer buying for a company: its razón social and a fresh RUT, and the domicilio
 * fiscal an e-Factura names (an order from the checkout carries no address). Returns the RUT.
 */
export async function registerCompanyBuyer(page: Page, buyer: string, company: string) {
  await registerCustomer(page, buyer);
  const rut = freshRut();
  await page.goto('/account/empresa');
  await page.getByLabel('Razón social (opcional)').fill(company);
  await page.getByLabel('RUT (opcional)').fill(rut);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Datos guardados')).toBeVisible();
  await page.goto('/account/empresa/direcciones');
  const fiscal = page.getByRole('form', { name: 'Domicilio fiscal' });
  await fiscal.getByLabel('Calle y número').fill('Colonia 1000');
  await fiscal.getByLabel('Localidad').fill('Montevideo');
  await fiscal.getByLabel('Departamento').selectOption({ label: 'Montevideo' });
  await fiscal.getByRole('button', { name: 'Guardar domicilio fiscal' }).click();
  await expect(page.getByText('Guardamos el domicilio fiscal.')).toBeVisible();
  return rut;
}

/**
 * The signed-in buyer's quote for one product in stock (`order` as inStockProducts takes it),
 * sent by staff at a rate of 40: the order and the staff's page, still open.
 */
export async function sentQuote(
  page: Page,
  browser: Browser,
  order: 'newest' | 'cheapest' = 'newest',
) {
  const [product] = await inStockProducts(page.request, 1, 3, order);
  await addFromProductPage(page, product!.slug);
  const orderId = await requestQuote(page);
  const admin = await openAdminPage(browser);
  await admin.page.goto(`/dashboard/ordenes/${orderId}`);
  await admin.page.getByRole('button', { name: 'Preparar cotización' }).click();
  await admin.page.getByLabel('Tipo de cambio (opcional)').fill('40');
  await admin.page.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(admin.page.getByText('Cotización vigente')).toBeVisible();
  return { orderId, admin };
}

/** The CFE worker's passes over the order (the e2e server's route): its documents' states. */
export async function runCfeOf(page: Page, orderId: number) {
  const issued = await page.request.post(`/__e2e/run-cfe/${orderId}`, {
    headers: { origin: E2E_BASE_URL },
  });
  return issued.json() as Promise<{ kind: number; state: string; last_error: string | null }[]>;
}
