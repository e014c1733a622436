// The demo store's own data ('Datos de la empresa', docs/decisions/054-store-profile.md): a
// demo that starts with it complete prints a quote and issues a CFE without staff typing it
// first. Read through the same schemas as the forms, so a value they would refuse fails the
// seed instead of printing.
import { invoicingSettingsInputSchema } from '../../shared/schemas/invoicing-settings';
import { storeProfileInputSchema } from '../../shared/schemas/store-profile';
import type { Executor } from '../db/client';
import { storeProfile } from '../db/schema';

/** What the demo store prints as seller and DGI knows it as (the RUT passes isValidRut). */
export const DEMO_STORE_PROFILE = storeProfileInputSchema.parse({
  legalName: 'Tienda Tecnología S.A.',
  rut: '21 551234 001 4',
  address: 'Av. 18 de Julio 1234, Montevideo, Uruguay',
  phone: '+598 2900 1234',
  email: 'ventas@tienda.com.uy',
  paymentTerms: 'Transferencia bancaria o depósito en pesos o dólares, contado.',
  deliveryTerms: 'Montevideo: 24 a 48 horas hábiles. Interior: 72 horas hábiles por agencia.',
  warranty: '12 meses de garantía oficial del fabricante.',
  validityDays: 15,
});

export const DEMO_STORE_INVOICING = invoicingSettingsInputSchema.parse({
  dgiBranchCode: '1',
  dgiResolution: '1234/2023',
  fiscalAddress: 'Av. 18 de Julio 1234',
  fiscalCity: 'Montevideo',
  fiscalDepartment: 'Montevideo',
  invoiceOn: 'acceptance',
  uiValue: '6,4',
});

/** Writes the demo data unless the store has saved its own: running it twice changes nothing. */
export async function seedStoreProfile(tx: Executor): Promise<void> {
  const invoicing = DEMO_STORE_INVOICING;
  await tx
    .insert(storeProfile)
    .values({
      id: 1,
      ...DEMO_STORE_PROFILE,
      dgiBranchCode: invoicing.dgiBranchCode,
      dgiResolution: invoicing.dgiResolution || null,
      fiscalAddress: invoicing.fiscalAddress,
      fiscalCity: invoicing.fiscalCity,
      fiscalDepartment: invoicing.fiscalDepartment,
      invoiceOn: invoicing.invoiceOn,
      uiValue: invoicing.uiValue,
    })
    .onConflictDoNothing();
}
