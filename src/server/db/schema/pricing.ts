// Negotiated prices and the buyer's shortcuts: a company's price rules and the
// purchase lists a buyer saves from the cart (docs/decisions/062-most-favourable-price-wins.md).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial } from 'drizzle-orm/pg-core';
import { numeric, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { QUOTE_MAX_QUANTITY } from '../../../shared/schemas/order';
import { users } from './auth';
import { brands, categories, variants } from './catalog';
import { companies } from './companies';
import { customers } from './customers';
import { createdAtColumn, parentId, timestampColumns } from './columns';

export const PRICE_RULE_KINDS = ['brand', 'category', 'all', 'variant'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];

/**
 * What a company pays: a percentage off a brand, a category or the whole catalogue, or a fixed
 * unit price for one variant, until an optional last day (Montevideo's calendar, inclusive).
 * Rules never stack: services/pricing/pricing.ts takes the most favourable candidate of a line.
 * A deleted company takes its rules with it: they priced that company alone.
 */
export const companyPriceRules = pgTable(
  'company_price_rules',
  {
    id: serial('id').primaryKey(),
    companyId: parentId('company_id', () => companies.id),
    kind: text('kind', { enum: PRICE_RULE_KINDS }).notNull(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
    fixedPrice: numeric('fixed_price', { precision: 12, scale: 2 }),
    endsOn: date('ends_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
  },
  (t) => [
    index('company_price_rules_company_id_idx').on(t.companyId),
    check('company_price_rules_kind', sql`${t.kind} in ('brand', 'category', 'all', 'variant')`),
    // Exactly the fields of its kind: a brand rule names a brand and a percentage, and so on.
    check(
      'company_price_rules_fields_of_kind',
      sql`(${t.brandId} is not null) = (${t.kind} = 'brand')
        and (${t.categoryId} is not null) = (${t.kind} = 'category')
        and (${t.variantId} is not null) = (${t.kind} = 'variant')
        and (${t.fixedPrice} is not null) = (${t.kind} = 'variant')
        and (${t.percentOff} is not null) = (${t.kind} <> 'variant')`,
    ),
    check('company_price_rules_percent_range', sql`${t.percentOff} > 0 and ${t.percentOff} < 100`),
    check('company_price_rules_fixed_price_min', sql`${t.fixedPrice} >= 0.01`),
  ],
);

/**
 * A named list of variants and quantities a buyer saved from the cart ('Listas de compra').
 * `company_id` is the company its owner bought for when saving it: the list is shared with
 * that company's members while its owner still is one (services/buying/purchase-lists.ts,
 * listsVisibleTo).
 */
export const purchaseLists = pgTable(
  'purchase_lists',
  {
    id: serial('id').primaryKey(),
    // A deleted company leaves the list to its owner (set null, not cascade): the owner saved
    // it and still buys, and a list holds no company price, only variants and quantities.
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    customerId: parentId('customer_id', () => customers.id),
    name: text('name').notNull(),
    ...timestampColumns,
  },
  (t) => [
    uniqueIndex('purchase_lists_customer_name_unique').on(t.customerId, sql`lower(${t.name})`),
    index('purchase_lists_company_id_idx').on(t.companyId),
  ],
);

export const purchaseListItems = pgTable(
  'purchase_list_items',
  {
    listId: parentId('list_id', () => purchaseLists.id),
    variantId: parentId('variant_id', () => variants.id),
    quantity: integer('quantity').notNull(),
    // Keeps the cart's order when the list is added back.
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.variantId] }),
    index('purchase_list_items_variant_id_idx').on(t.variantId),
    // A list holds what a quote takes; the check's text is DDL, so the number is written in.
    check(
      'purchase_list_items_quantity_range',
      sql`${t.quantity} between 1 and ${sql.raw(String(QUOTE_MAX_QUANTITY))}`,
    ),
  ],
);
