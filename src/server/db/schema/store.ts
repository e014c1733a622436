import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The store's own data, printed on every quote (docs/decisions/054-store-profile.md). One row
 * (id 1) once staff saved 'Datos de la empresa'; before that the environment's CONTACT_*
 * values stand in (services/store/store-profile.ts).
 */
export const storeProfile = pgTable(
  'store_profile',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    rut: text('rut'),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    logoUrl: text('logo_url'),
    paymentTerms: text('payment_terms').notNull().default(''),
    deliveryTerms: text('delivery_terms').notNull().default(''),
    warranty: text('warranty').notNull().default(''),
    validityDays: integer('validity_days').notNull().default(15),
    // The store as the issuer of its fiscal documents (services/store/invoicing-settings.ts,
    // docs/decisions/086-invoices-through-a-certified-provider.md): DGI's branch code, the
    // domicilio fiscal with its city and departamento, when invoices are issued, and the UI's
    // value in pesos for the e-Ticket threshold; the resolution that admitted the store as an
    // issuer ('1234/2023'), printed beside each CFE's seal as DGI's printed layout asks.
    dgiBranchCode: integer('dgi_branch_code'),
    dgiResolution: text('dgi_resolution'),
    fiscalAddress: text('fiscal_address'),
    fiscalCity: text('fiscal_city'),
    fiscalDepartment: text('fiscal_department'),
    invoiceOn: text('invoice_on', { enum: ['acceptance', 'dispatch'] })
      .notNull()
      .default('acceptance'),
    uiValue: numeric('ui_value', { precision: 8, scale: 4 }).notNull().default('6.4000'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('store_profile_single_row', sql`${t.id} = 1`),
    check('store_profile_validity_days_range', sql`${t.validityDays} between 1 and 365`),
    check('store_profile_dgi_branch_code_range', sql`${t.dgiBranchCode} between 0 and 9999`),
    check('store_profile_invoice_on_check', sql`${t.invoiceOn} in ('acceptance', 'dispatch')`),
    check('store_profile_ui_value_positive', sql`${t.uiValue} > 0`),
  ],
);
