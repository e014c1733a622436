// The invoicing specs' setup: the store as an issuer (docs/decisions/086-*.md).
import { request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/e2e-constants';
import { expect } from '../support/fixtures';

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
