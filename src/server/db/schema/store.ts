import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('store_profile_single_row', sql`${t.id} = 1`),
    check('store_profile_validity_days_range', sql`${t.validityDays} between 1 and 365`),
  ],
);
