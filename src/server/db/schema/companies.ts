// Companies that buy through several accounts (docs/decisions/057-companies-with-members.md):
// a razón social with its RUT, its members (each with a role and an optional spending limit)
// and the invitations sent to people who are not members yet.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { integer, numeric, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, parentId } from './columns';
import { customers } from './customers';

export const COMPANY_ROLES = ['admin', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Compact (12 digits, check digit verified by shared/rut.ts): one company per RUT.
    rut: text('rut').notNull().unique(),
    // What staff note about the company (/dashboard/clientes); its members never read it.
    staffNote: text('staff_note'),
    // 'Condiciones de pago' and 'Límite de crédito' staff set (docs/decisions/083-terms-credit-
    // and-due-dates.md): days of credit (0 is 'Contado'), counted from the acceptance or the
    // delivery; the limit in US$ (null: none, no acceptance waits for credit).
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    paymentTermsFrom: text('payment_terms_from', { enum: ['acceptance', 'delivery'] })
      .notNull()
      .default('acceptance'),
    creditLimit: numeric('credit_limit', { precision: 12, scale: 2 }),
    // The dashboard's search: razón social and RUT, accent- and case-free.
    searchText: text('search_text').generatedAlwaysAs(
      sql`immutable_unaccent(lower(name || ' ' || rut))`,
    ),
    ...createdAtColumn,
  },
  (t) => [
    index('companies_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('companies_payment_terms_days_check', sql`${t.paymentTermsDays} in (0, 30, 60, 90)`),
    check(
      'companies_payment_terms_from_check',
      sql`${t.paymentTermsFrom} in ('acceptance', 'delivery')`,
    ),
    check('companies_credit_limit_non_negative', sql`${t.creditLimit} >= 0`),
  ],
);

/** An account belongs to at most one company: the customer is the key. */
export const companyMembers = pgTable(
  'company_members',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    companyId: parentId('company_id', () => companies.id),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    // US$ the member may accept on one quote (its total with tax); null: no limit.
    spendingLimit: numeric('spending_limit', { precision: 12, scale: 2 }),
    ...createdAtColumn,
  },
  (t) => [
    index('company_members_company_id_idx').on(t.companyId),
    check('company_members_role_check', sql`${t.role} in ('admin', 'member')`),
    check('company_members_spending_limit_positive', sql`${t.spendingLimit} > 0`),
  ],
);

/** A pending invitation: the link's token is stored as its SHA-256 only. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id),
    // Lower-cased: only an account with this address may accept it.
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => customers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...createdAtColumn,
  },
  // Inviting the same address again replaces its link.
  (t) => [uniqueIndex('company_invitations_company_email_unique').on(t.companyId, t.email)],
);
