import { bigserial, date, doublePrecision, integer, jsonb, numeric } from 'drizzle-orm/pg-core';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What the dashboard home reads instead of aggregating every order of the range
// (docs/decisions/068-dashboard-rollups.md).

/**
 * The orders requested on each Montevideo calendar day: how many, how many of those are now
 * 'Concretado' and their value. Only the fold (services/dashboard/order-days.ts) writes here,
 * adding up order_day_changes; the migration that made it and the bench's seed fill it at once.
 */
export const orderDays = pgTable('order_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  requested: integer('requested').notNull().default(0),
  concluded: integer('concluded').notNull().default(0),
  concludedValue: numeric('concluded_value', { precision: 18, scale: 2 }).notNull().default('0'),
});

/**
 * What each write of an order changed in its day's figures, appended by the triggers on
 * orders (migration order_day_triggers): writers only ever insert here, so concurrent orders
 * never wait on a shared day row. A day's figures are order_days plus its changes not folded
 * in yet.
 */
export const orderDayChanges = pgTable('order_day_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  requested: integer('requested').notNull(),
  concluded: integer('concluded').notNull(),
  concludedValue: numeric('concluded_value', { precision: 18, scale: 2 }).notNull(),
});

/**
 * The figures no rollup keeps exact and flat (the median first answer, the most requested
 * products) as they were at `computed_at` for one range, refreshed by the jobs loop.
 */
export const dashboardSnapshots = pgTable('dashboard_snapshots', {
  range: text('range').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  medianAnswerSeconds: doublePrecision('median_answer_seconds'),
  answeredCount: integer('answered_count').notNull(),
  topProducts: jsonb('top_products')
    .$type<{ name: string; slug: string | null; quantity: number }[]>()
    .notNull(),
});
