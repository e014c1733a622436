import { sql } from 'drizzle-orm';
import { index, pgTable } from 'drizzle-orm/pg-core';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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

/**
 * What the outbox worker delivers after commit (services/infra/outbox.ts): requests forwarded
 * to FORM_ENDPOINT and mails; written in the same transaction as their source, only through
 * enqueueMessage (db/outbox-queue.ts). Its times are deps.clock's, never the database's now()
 * (docs/decisions/075-outbox-fast-and-in-order.md).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['quote', 'contact', 'mail'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Claimed lowest first, then by id (OUTBOX_PRIORITY); a row nobody ranked goes last. */
    priority: smallint('priority').notNull().default(2),
    attempts: integer('attempts').notNull().default(0),
    /** Null until an attempt failed: due at once. Then when the next attempt is due. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While in the future, one worker owns the message; a worker that dies lets it lapse. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...createdAtColumn,
  },
  (t) => [
    // The claim walks the undelivered rows in the order it takes them and stops at the first
    // it may take: no sort, however long the queue.
    index('outbox_claim_idx')
      .on(t.priority, t.id)
      .where(sql`delivered_at is null`),
  ],
);
