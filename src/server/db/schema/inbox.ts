import { sql } from 'drizzle-orm';
import { index, pgTable } from 'drizzle-orm/pg-core';
import { boolean, integer, jsonb, numeric, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { createdAtColumn } from './columns';

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    source: text('source').notNull().default('checkout'),
    totalAmount: numeric('total_amount', { precision: 12, scale: 2 }).notNull(),
    itemsText: text('items_text').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    ...createdAtColumn,
  },
  (t) => [index('quote_requests_created_at_idx').on(t.createdAt.desc())],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    ...createdAtColumn,
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt.desc())],
);

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  ...createdAtColumn,
});

/** Messages waiting to be forwarded to FORM_ENDPOINT; written in the same transaction as their source. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['quote', 'contact', 'mail'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While in the future, one worker owns the message; a worker that dies lets it lapse. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...createdAtColumn,
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`delivered_at is null`),
  ],
);
