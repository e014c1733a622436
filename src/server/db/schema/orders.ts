import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
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
import { products, variants } from './catalog';
import { companies } from './companies';
import { addresses, customers } from './customers';
import { createdAtColumn, parentId } from './columns';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    totalAmount: numeric('total_amount', { precision: 12, scale: 2 }).notNull(),
    status: text('status').notNull().default('Cotización'),
    // The goods' axis (docs/decisions/080-three-axes-of-an-order.md): null before Concretado,
    // then 'Por despachar' … 'Entregado', kept by services/fulfilment/ (decision 082); entering
    // Concretado starts it (trigger orders_fulfilment_follows_status).
    fulfilmentStatus: text('fulfilment_status'),
    /** When the order became 'Entregado': every unit that left was received. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    message: text('message'),
    // The customer's company data as it was at request time, printed on the quote.
    companyName: text('company_name'),
    rut: text('rut'),
    // The company the customer requested it for, fixed at request time: its members read the
    // order (services/orders/order-access.ts). Null for a customer without company.
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The customer's purchase order number ('Orden de compra'), given when accepting. */
    purchaseOrder: text('purchase_order'),
    // Sent by the client once per checkout attempt so a retry returns the first order.
    idempotencyKey: text('idempotency_key'),
    // The order's own searchable text (contact e-mail, company), for the dashboard's search.
    searchText: text('search_text').generatedAlwaysAs(
      sql`immutable_unaccent(lower(contact_email || ' ' || coalesce(company_name, '')))`,
    ),
    ...createdAtColumn,
    // When the staff first answered (status change, revision or message), kept by triggers on
    // those tables (drizzle/0012) so the dashboard reads it instead of searching three tables.
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    // When staff were warned that this unanswered quote is about to be cancelled by the hold
    // job: set in the transaction that queues the warning, so it is sent once
    // (docs/decisions/049-quote-expiry.md).
    holdWarnedAt: timestamp('hold_warned_at', { withTimezone: true }),
    // The customer pressed 'Pedir renovación' on this expired quote; a new revision clears it.
    renewalRequestedAt: timestamp('renewal_requested_at', { withTimezone: true }),
    // When the staff messages not mailed yet go to the customer in one mail (the debounce of
    // docs/decisions/050-mails-from-an-inbox.md); null when none wait.
    messageMailDueAt: timestamp('message_mail_due_at', { withTimezone: true }),
    // The payment axis (docs/decisions/080-three-axes-of-an-order.md), written by
    // services/collections/ when the order becomes Concretado and cleared if it leaves: the
    // amount owed with IVA, the terms it was concluded under, and its due day (null while terms
    // from delivery wait for the delivery). Null on orders concluded before collections.
    amountDue: numeric('amount_due', { precision: 12, scale: 2 }),
    paymentTermsDays: integer('payment_terms_days'),
    paymentTermsFrom: text('payment_terms_from'),
    dueOn: date('due_on', { mode: 'string' }),
    // The staff desk (docs/decisions/092-one-desk-for-quotes.md), both kept by triggers
    // (drizzle migration 'staff_desk'): the customer's latest action (the request, a message,
    // 'Pedir cambios', an acceptance, a renewal asked) and staff's latest answer to anything
    // (a message or a revision).
    lastCustomerActionAt: timestamp('last_customer_action_at', { withTimezone: true }),
    lastStaffAnswerAt: timestamp('last_staff_answer_at', { withTimezone: true }),
    /** 'Responsable': the staff member who runs this order; null while nobody does. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The dashboard's quotes waiting for a first answer, oldest first. The predicate holds
    // literals, not parameters, so the queries that repeat it can use this index.
    index('orders_waiting_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'Cotización' and ${t.firstAnsweredAt} is null`),
    // Orders lists and the CSV export read newest first (created_at desc, id desc: a
    // descending order puts nulls first) and resume after a (created_at, id) pair: these
    // indexes hold both columns in that order, so a page or a batch is read off the index
    // instead of sorting every order (decision 065).
    index('orders_customer_id_created_at_idx').on(
      t.customerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_company_id_created_at_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_status_created_at_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Staff's 'Despacho' filter reads what waits to leave, oldest first (decision 082).
    index('orders_dispatch_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.fulfilmentStatus} in ('Por despachar', 'Despachado parcialmente')`),
    check(
      'orders_fulfilment_status_check',
      sql`${t.fulfilmentStatus} in ('Por despachar', 'Despachado parcialmente', 'Despachado', 'Entregado')`,
    ),
    check(
      'orders_fulfilment_only_concluded',
      sql`${t.fulfilmentStatus} is null or ${t.status} = 'Concretado'`,
    ),
    index('orders_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_message_mail_due_idx')
      .on(t.messageMailDueAt)
      .where(sql`${t.messageMailDueAt} is not null`),
    uniqueIndex('orders_customer_idempotency_unique').on(t.customerId, t.idempotencyKey),
    // The receivables and the reminders read only the orders on the payment axis.
    index('orders_amount_due_idx')
      .on(t.companyId, t.customerId, t.dueOn)
      .where(sql`${t.amountDue} is not null`),
    check('orders_total_non_negative', sql`${t.totalAmount} >= 0`),
    // The desk's unread count reads the recent customer actions only (decision 092).
    index('orders_last_customer_action_idx').on(t.lastCustomerActionAt),
    index('orders_owner_id_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A staff member opened the order at `read_at`: the order is unread for them again when the
 * customer acts after it (docs/decisions/092-one-desk-for-quotes.md).
 */
export const orderReads = pgTable(
  'order_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: parentId('order_id', () => orders.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orderId] })],
);

/** Why a line's unit price is below its list price: the price rule or volume tier applied. */
export type AppliedPriceRule = {
  kind: 'tier' | 'brand' | 'category' | 'all' | 'variant';
  /** As staff and the customer read it: 'Desde 10 unidades: 5 %', 'Marca Lenovo: 12 %'. */
  label: string;
};

/** A line of an order with a snapshot of what was quoted, so deleting a variant never loses it. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug'),
    productImage: text('product_image'),
    colorName: text('color_name').notNull(),
    storage: text('storage').notNull(),
    // The list price at request time and the rule that made `price` lower (null: none), so
    // staff see why a customer was quoted less (services/pricing/pricing.ts).
    listPrice: numeric('list_price', { precision: 12, scale: 2 }),
    appliedRule: jsonb('applied_rule').$type<AppliedPriceRule>(),
    // 'Consultar disponibilidad': asked without stock, so it reserves none; staff answer its
    // price and date in the revision ('Sin stock: plazo a confirmar' until then).
    isBackorder: boolean('is_backorder').notNull().default(false),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_variant_id_idx').on(t.variantId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    // 'system' for changes the store made by itself (changed_by is then null on purpose, not
    // because the admin was deleted); `note` says why, e.g. 'Reserva vencida'.
    actor: text('actor', { enum: ['user', 'system'] })
      .notNull()
      .default('user'),
    note: text('note'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_history_order_id_idx').on(t.orderId, t.changedAt),
    check('order_status_history_actor_check', sql`${t.actor} in ('user', 'system')`),
  ],
);
