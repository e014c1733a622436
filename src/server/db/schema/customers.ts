import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAtColumn, parentId } from './columns';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    // Null once the account was deleted: the row stays, anonymised ('Cliente eliminado'), for
    // the orders that keep their amounts (docs/decisions/059-account-deletion.md).
    userId: integer('user_id')
      .references(() => users.id, { onDelete: 'set null' })
      .unique(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    email: text('email').notNull(),
    // Legacy: the company data each customer kept before companies had members. Copied into
    // `companies` by the migration *_companies_data.sql and neither read nor written since; a
    // later release drops them (docs/decisions/057-companies-with-members.md).
    companyName: text('company_name'),
    rut: text('rut'),
    // What staff note about the customer (/dashboard/clientes); the customer never reads it.
    staffNote: text('staff_note'),
    // Staff's own cap of the units this customer may hold in open quotes; null: the store's
    // (MAX_HELD_UNITS, services/orders/held-units.ts).
    maxHeldUnits: integer('max_held_units'),
    // What the dashboard's orders search reads, accent- and case-free, computed once per save
    // rather than per row and search (docs/decisions/003-search-text-column.md).
    searchText: text('search_text').generatedAlwaysAs(
      sql`immutable_unaccent(lower(full_name || ' ' || email || ' ' || coalesce(company_name, '')))`,
    ),
    ...createdAtColumn,
  },
  (t) => [
    index('customers_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('customers_max_held_units_positive', sql`${t.maxHeldUnits} >= 1`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: parentId('customer_id', () => customers.id),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
  },
  (t) => [index('addresses_customer_id_idx').on(t.customerId)],
);
