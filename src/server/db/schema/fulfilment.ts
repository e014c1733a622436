// The goods' side of an order (docs/decisions/081-address-book-and-delivery-choice.md,
// 082-dispatches-and-delivery-notes.md): the delivery sites of a company or customer, its
// domicilio fiscal, the delivery chosen for an order, the dispatches with their lines and the
// undispatched remainders cancelled.
import { sql } from 'drizzle-orm';
import { check, index, pgSequence, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { boolean, date, integer, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { variants } from './catalog';
import { companies } from './companies';
import { customers } from './customers';
import { orderItems, orders } from './orders';
import { quoteRevisionLines } from './quotes';
import { createdAtColumn, parentId } from './columns';

const DEPARTAMENTO_CHECK = sql.raw(`'^UY-[A-Z]{2}$'`);

/** What an address in Uruguay is made of; the phone is its eight digits (shared/schemas/uy-address.ts). */
const placeColumns = {
  street: text('street').notNull(),
  locality: text('locality').notNull(),
  // ISO 3166-2:UY, 'UY-PA'.
  departamento: text('departamento').notNull(),
  postalCode: text('postal_code'),
};

/**
 * A place a company (or a customer without one) receives goods. Exactly one owner; at most one
 * default per owner. Orders keep a copy of the site they chose, so editing or deleting a site
 * never rewrites one.
 */
export const deliverySites = pgTable(
  'delivery_sites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...placeColumns,
    phone: text('phone').notNull(),
    contactName: text('contact_name'),
    hours: text('hours'),
    isDefault: boolean('is_default').notNull().default(false),
    ...createdAtColumn,
  },
  (t) => [
    index('delivery_sites_company_id_idx').on(t.companyId),
    index('delivery_sites_customer_id_idx').on(t.customerId),
    uniqueIndex('delivery_sites_company_default_unique')
      .on(t.companyId)
      .where(sql`${t.isDefault} and ${t.companyId} is not null`),
    uniqueIndex('delivery_sites_customer_default_unique')
      .on(t.customerId)
      .where(sql`${t.isDefault} and ${t.customerId} is not null`),
    check('delivery_sites_one_owner', sql`num_nonnulls(${t.companyId}, ${t.customerId}) = 1`),
    check('delivery_sites_departamento', sql`${t.departamento} ~ ${DEPARTAMENTO_CHECK}`),
    check('delivery_sites_postal_code', sql`${t.postalCode} ~ '^[0-9]{5}$'`),
    check('delivery_sites_phone', sql`${t.phone} ~ '^[249][0-9]{7}$'`),
  ],
);

/** The company's domicilio fiscal, beside its razón social and RUT (companies). */
export const fiscalAddresses = pgTable(
  'fiscal_addresses',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ...placeColumns,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fiscal_addresses_departamento', sql`${t.departamento} ~ ${DEPARTAMENTO_CHECK}`),
    check('fiscal_addresses_postal_code', sql`${t.postalCode} ~ '^[0-9]{5}$'`),
  ],
);

/** The chosen delivery and a copy of its site, as a delivery and a dispatch keep it. */
const deliveryColumns = {
  method: text('method').notNull(),
  agency: text('agency'),
  agencyName: text('agency_name'),
  freightCollect: boolean('freight_collect').notNull().default(false),
  siteName: text('site_name'),
  street: text('street'),
  locality: text('locality'),
  departamento: text('departamento'),
  postalCode: text('postal_code'),
  phone: text('phone'),
  contactName: text('contact_name'),
  hours: text('hours'),
};
const deliveryChecks = (
  name: string,
  t: { method: unknown; agency: unknown; street: unknown; departamento: unknown },
) => [
  check(`${name}_method`, sql`${t.method} in ('pickup', 'courier', 'agency')`),
  check(
    `${name}_agency`,
    sql`(${t.method} = 'agency') = (${t.agency} is not null) and (${t.agency} is null or ${t.agency} in ('DAC', 'UES', 'Turil', 'Nossar', 'CITA', 'Otra'))`,
  ),
  check(`${name}_site`, sql`${t.method} = 'pickup' or ${t.street} is not null`),
];

/**
 * An order's delivery choice. Rows are only added: the one the buyer chose at checkout
 * (`revision_number` null) and each one staff set with a revision, so an older quote's PDF
 * still prints the choice it was sent with. The order's current choice is its newest row.
 */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    revisionNumber: integer('revision_number'),
    siteId: integer('site_id').references(() => deliverySites.id, { onDelete: 'set null' }),
    ...deliveryColumns,
    chosenBy: integer('chosen_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
  },
  (t) => [
    index('order_deliveries_order_id_idx').on(t.orderId, t.id),
    ...deliveryChecks('order_deliveries', t),
  ],
);

/** Numbers the notes of delivery, store-wide; a number is never given twice (no reuse). */
export const deliveryNoteSequence = pgSequence('delivery_note_seq');

/** Goods that left: one 'Nota de entrega', where they went, how, and whether they arrived. */
export const dispatches = pgTable(
  'dispatches',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    noteNumber: integer('note_number')
      .notNull()
      .unique()
      .default(sql`nextval('delivery_note_seq')`),
    ...deliveryColumns,
    trackingNumber: text('tracking_number'),
    /** The Montevideo day the goods left. */
    dispatchedOn: date('dispatched_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
    /** The Montevideo day they were received, who received them, and who recorded it when. */
    deliveredOn: date('delivered_on', { mode: 'string' }),
    receivedBy: text('received_by'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryRecordedBy: integer('delivery_recorded_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** 'staff' marked it delivered, or the 'customer' confirmed the receipt. */
    deliveryActor: text('delivery_actor'),
  },
  (t) => [
    index('dispatches_order_id_idx').on(t.orderId, t.id),
    ...deliveryChecks('dispatches', t),
    check(
      'dispatches_delivery_complete',
      sql`(${t.deliveredOn} is null) = (${t.deliveredAt} is null) and (${t.deliveredOn} is null) = (${t.receivedBy} is null)`,
    ),
    check('dispatches_delivery_actor', sql`${t.deliveryActor} in ('staff', 'customer')`),
  ],
);

/**
 * A line of an accepted order: its latest revision's line, or its own requested line. 'no
 * action' (checked at the statement's end), so a cascade from the order may remove both.
 */
const acceptedLineColumns = {
  revisionLineId: integer('revision_line_id').references(() => quoteRevisionLines.id, {
    onDelete: 'no action',
  }),
  orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'no action' }),
};

/** Units of one line that left with a dispatch, with what the note prints of them. */
export const dispatchLines = pgTable(
  'dispatch_lines',
  {
    id: serial('id').primaryKey(),
    dispatchId: parentId('dispatch_id', () => dispatches.id),
    orderId: parentId('order_id', () => orders.id),
    ...acceptedLineColumns,
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    colorName: text('color_name').notNull(),
    storage: text('storage').notNull(),
    quantity: integer('quantity').notNull(),
    /** A line quoted without stock took its units from the shop's stock when it left. */
    tookStock: boolean('took_stock').notNull().default(false),
  },
  (t) => [
    index('dispatch_lines_dispatch_id_idx').on(t.dispatchId),
    index('dispatch_lines_order_id_idx').on(t.orderId),
    check('dispatch_lines_one_line', sql`num_nonnulls(${t.revisionLineId}, ${t.orderItemId}) = 1`),
    check('dispatch_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** Staff cancelled what had not left of an order, with the reason the buyer reads. */
export const remainderCancellations = pgTable(
  'remainder_cancellations',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    reason: text('reason').notNull(),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
  },
  (t) => [index('remainder_cancellations_order_id_idx').on(t.orderId)],
);

/** Units of one line that will never leave; `returned_stock` when they held stock. */
export const cancelledLines = pgTable(
  'cancelled_lines',
  {
    id: serial('id').primaryKey(),
    cancellationId: parentId('cancellation_id', () => remainderCancellations.id),
    orderId: parentId('order_id', () => orders.id),
    ...acceptedLineColumns,
    quantity: integer('quantity').notNull(),
    returnedStock: boolean('returned_stock').notNull().default(false),
  },
  (t) => [
    index('cancelled_lines_order_id_idx').on(t.orderId),
    check('cancelled_lines_one_line', sql`num_nonnulls(${t.revisionLineId}, ${t.orderItemId}) = 1`),
    check('cancelled_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
