import { integer, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Bumped by every announced catalogue change (services/catalog/catalog-signal.ts): an instance that
 * reconnects compares it with the last version it cleared for. A sequence, not a row, so
 * concurrent announcements never wait on each other's lock.
 */
export const catalogVersion = pgSequence('catalog_version');

/**
 * Rate-limit counters shared by every instance on PostgreSQL (rate-limits.ts), in the shape
 * rate-limiter-flexible's RateLimiterDrizzle reads and writes: one UPSERT per hit.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});
