// A dashboard range's bounds, computed by the database from `now` in Montevideo's calendar,
// whatever the server's zone (docs/decisions/036-dashboard-figures.md).
import { type SQL, sql } from 'drizzle-orm';
import type { DashboardRange } from '@shared/dashboard-ranges';
import { STORE_TIME_ZONE } from '@shared/format';

/** The range's first instant and its buckets; the range ends at `now`. */
export function rangeBounds(range: DashboardRange, now: Date) {
  const unit: 'day' | 'month' = range === '12m' ? 'month' : 'day';
  const back = { '7d': '6 days', '30d': '29 days', '12m': '11 months' }[range];
  const at = sql`${now.toISOString()}::timestamptz`;
  const localNow = sql`(${at} at time zone ${STORE_TIME_ZONE})`;
  const firstBucket = sql`(date_trunc(${unit}, ${localNow}) - ${back}::interval)`;
  return {
    unit,
    at,
    firstBucket,
    lastBucket: sql`date_trunc(${unit}, ${localNow})`,
    start: sql`(${firstBucket} at time zone ${STORE_TIME_ZONE})`,
    /** The range's first and last Montevideo days (the last is today, up to `now`). */
    firstDay: sql`(${firstBucket})::date`,
    today: sql`(${localNow})::date`,
    /** Today's first instant, Montevideo's midnight. */
    todayStart: sql`(date_trunc('day', ${localNow}) at time zone ${STORE_TIME_ZONE})`,
  };
}
export type Bounds = ReturnType<typeof rangeBounds>;

/** `column` (an instant) within the range. */
export const inRange = (bounds: Bounds, column: SQL) =>
  sql`${column} >= ${bounds.start} and ${column} <= ${bounds.at}`;
