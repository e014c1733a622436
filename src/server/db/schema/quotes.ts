// Staff answers to a quote request: numbered revisions with their own lines, and the
// conversation on the order (docs/decisions/039-quote-revisions-in-cents.md).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { IVA_RATE_VALUES, products, variants } from './catalog';
import { orders } from './orders';
import { createdAtColumn, parentId } from './columns';

/** The store as a sent revision prints it: its 'Datos de la empresa' at the moment it was sent. */
export type QuoteSeller = {
  legalName: string;
  rut: string | null;
  address: string;
  phone: string;
  email: string;
};

/** One quote sent to the customer: revision 1, 2 ... of an order; earlier ones stay readable. */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    number: integer('number').notNull(),
    note: text('note'),
    /** Acceptable through this whole day (Montevideo time). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    // The terms printed on this revision: the store's defaults when it was written, as staff
    // left them (a later change of the defaults never rewrites a quote already sent).
    paymentTerms: text('payment_terms').notNull().default(''),
    deliveryTerms: text('delivery_terms').notNull().default(''),
    warranty: text('warranty').notNull().default(''),
    // The issuer printed on this revision, copied from the store's data when it is sent, so a
    // later change of that data never rewrites a quote already sent. Null only for a revision
    // sent before this column while the store had never saved its data: it prints the
    // environment's values, as it always did (docs/decisions/077-what-a-quote-prints.md).
    seller: jsonb('seller').$type<QuoteSeller>(),
    /** Pesos per dollar staff typed, for the optional total in pesos; null prints none. */
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 4 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
    /** When the customer was mailed that it is about to expire; set with that mail, so once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('quote_revisions_order_number_unique').on(t.orderId, t.number),
    index('quote_revisions_created_at_idx').on(t.createdAt),
    check('quote_revisions_number_positive', sql`${t.number} >= 1`),
    check('quote_revisions_exchange_rate_positive', sql`${t.exchangeRate} > 0`),
  ],
);

/** A line of a revision, with the same kind of snapshot as order_items. */
export const quoteRevisionLines = pgTable(
  'quote_revision_lines',
  {
    id: serial('id').primaryKey(),
    revisionId: parentId('revision_id', () => quoteRevisions.id),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    colorName: text('color_name').notNull(),
    storage: text('storage').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    // A line quoted without stock: it reserves none, and `expected_on` is the day staff expect
    // to deliver it (null: 'plazo a confirmar').
    isBackorder: boolean('is_backorder').notNull().default(false),
    expectedOn: date('expected_on', { mode: 'string' }),
    // The product's IVA rate when the revision was written: its IVA and its invoice follow it
    // (docs/decisions/088-iva-per-product.md).
    ivaRate: text('iva_rate', { enum: IVA_RATE_VALUES }).notNull().default('basica'),
  },
  (t) => [
    index('quote_revision_lines_revision_id_idx').on(t.revisionId),
    index('quote_revision_lines_variant_id_idx').on(t.variantId),
    check('quote_revision_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'quote_revision_lines_discount_range',
      sql`${t.discountPercent} >= 0 and ${t.discountPercent} <= 100`,
    ),
    check(
      'quote_revision_lines_iva_rate_check',
      sql`${t.ivaRate} in ('basica', 'minima', 'exento')`,
    ),
  ],
);

/**
 * 'Pedir cambios': the buyer's answer to a sent revision that is neither yes nor no
 * (docs/decisions/090-asking-for-changes-is-an-event.md). One per revision; it is open while
 * its revision is the order's latest, and answered by the next one staff send.
 */
export const quoteChangeRequests = pgTable(
  'quote_change_requests',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    revisionId: parentId('revision_id', () => quoteRevisions.id),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
  },
  (t) => [
    uniqueIndex('quote_change_requests_revision_unique').on(t.revisionId),
    index('quote_change_requests_order_id_idx').on(t.orderId),
  ],
);

/** The thread of an order between its customer and the staff; `read_at` is set by the other side. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['customer', 'admin'] }).notNull(),
    body: text('body').notNull(),
    ...createdAtColumn,
    readAt: timestamp('read_at', { withTimezone: true }),
    /** A staff message: when it went to the customer by mail (null while it waits). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_messages_order_id_idx').on(t.orderId, t.createdAt),
    index('order_messages_unread_idx')
      .on(t.authorRole, t.orderId)
      .where(sql`read_at is null`),
    check('order_messages_author_role_check', sql`${t.authorRole} in ('customer', 'admin')`),
  ],
);
