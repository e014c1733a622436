// Credit and collections: the store's credit decisions, the payments staff record and the
// orders they pay, the reminders sent, and the day's exchange rate (docs/decisions/083, 084 and
// 085). Nothing here is ever deleted: a payment is reversed, with who, when and why.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { boolean, date, integer, numeric, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './companies';
import { customers } from './customers';
import { orders } from './orders';
import { createdAtColumn, parentId } from './columns';

/** An acceptance above the available credit, waiting for staff, and their decision. */
export const creditReviews = pgTable(
  'credit_reviews',
  {
    id: serial('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    /** The accepted total with IVA, and the credit available when it was accepted. */
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    available: numeric('available', { precision: 12, scale: 2 }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    isApproved: boolean('is_approved'),
    reason: text('reason'),
  },
  (t) => [index('credit_reviews_order_id_idx').on(t.orderId, t.createdAt)],
);

export const PAYMENT_METHOD_VALUES = ['transfer', 'deposit', 'cheque', 'cash'] as const;

/**
 * A payment received from a company, or from a customer without one (exactly one of the two).
 * `amount` is what it pays in US$; paid in pesos, `pesos` is what was received and `amount` its
 * equivalent at `exchange_rate`, the rate of `rate_day`, rounded half up. It counts on
 * `counts_on`: the day received, or a cheque's collection day ('fecha de cobro').
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHOD_VALUES }).notNull(),
    bank: text('bank'),
    reference: text('reference'),
    chequeNumber: text('cheque_number'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    collectOn: date('collect_on', { mode: 'string' }),
    countsOn: date('counts_on', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(collect_on, received_on)`),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    pesos: numeric('pesos', { precision: 14, scale: 2 }),
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 4 }),
    rateDay: date('rate_day', { mode: 'string' }),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    index('payments_company_id_idx').on(t.companyId, t.receivedOn),
    index('payments_customer_id_idx').on(t.customerId, t.receivedOn),
    check('payments_one_payer', sql`(${t.companyId} is null) <> (${t.customerId} is null)`),
    check('payments_method_check', sql`${t.method} in ('transfer', 'deposit', 'cheque', 'cash')`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check(
      'payments_pesos_with_rate',
      sql`(${t.pesos} is null) = (${t.exchangeRate} is null) and (${t.pesos} is null) = (${t.rateDay} is null)`,
    ),
    check('payments_collect_on_cheque', sql`${t.collectOn} is null or ${t.method} = 'cheque'`),
    check(
      'payments_reversal_reasoned',
      sql`(${t.reversedAt} is null) = (${t.reversalReason} is null)`,
    ),
  ],
);

/** How much of a payment goes to one order; the sum per order never passes its amount owed. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_allocations_payment_order_unique').on(t.paymentId, t.orderId),
    index('payment_allocations_order_id_idx').on(t.orderId),
    check('payment_allocations_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const REMINDER_STAGE_VALUES = ['before', 'due', 'overdue'] as const;

/** A payment reminder sent: one per order, stage and due day, so each goes once. */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    orderId: parentId('order_id', () => orders.id),
    stage: text('stage', { enum: REMINDER_STAGE_VALUES }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_reminders_unique').on(t.orderId, t.stage, t.dueOn),
    check('payment_reminders_stage_check', sql`${t.stage} in ('before', 'due', 'overdue')`),
  ],
);

/**
 * The dollar's rate used on each Montevideo day: the BCU's 'dólar billete' buying rate (TCC) of
 * the last business day before it (`quoted_on`), or one staff typed for that day. A day without
 * a row uses the latest earlier one, marked out of date (docs/decisions/085-the-bcu-rate.md).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    rate: numeric('rate', { precision: 10, scale: 4 }).notNull(),
    quotedOn: date('quoted_on', { mode: 'string' }).notNull(),
    source: text('source', { enum: ['bcu', 'manual'] }).notNull(),
    setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAtColumn,
  },
  (t) => [
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_source_check', sql`${t.source} in ('bcu', 'manual')`),
  ],
);
