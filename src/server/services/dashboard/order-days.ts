// Quotes requested and concluded, and the value concluded, per Montevideo day: read from the
// daily rollup the database keeps (order_days plus the order_day_changes not folded in yet,
// both written by triggers and the fold below), never by counting the range's orders
// (docs/decisions/068-dashboard-rollups.md).
import { sql } from 'drizzle-orm';
import { CONCLUDED_STATUS } from '@shared/order-status';
import { type Database, type Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import type { Bounds } from './range';

type SeriesRow = {
  period: string;
  requested: number;
  concluded: number;
  value: string;
  total_requested: number;
  total_concluded: number;
  total_value: string;
};

// A sum of money as the orders' own aggregate wrote it: '0' when nothing was concluded.
const moneyText = (concluded: string, value: string) =>
  sql.raw(`case when coalesce(${concluded}, 0) = 0 then '0' else (${value})::text end`);

/**
 * The range's totals and one row per day (or month) of it, empty periods included. Days before
 * today come from the rollup; today, from its own orders up to `now` (the range ends there, and
 * an order placed later today, by another clock, must not count yet). One statement, so the
 * rollup and its unfolded changes are read in one snapshot: a fold committing meanwhile is seen
 * entirely or not at all.
 */
export async function dayFigures(db: Executor, bounds: Bounds) {
  const rows = await queryRows<SeriesRow>(
    db,
    sql`with days as (
          select day, requested, concluded, concluded_value as value from order_days
          where day >= ${bounds.firstDay} and day < ${bounds.today}
          union all
          select day, requested, concluded, concluded_value from order_day_changes
          where day >= ${bounds.firstDay} and day < ${bounds.today}
          union all
          select ${bounds.today}, count(*)::int,
                 count(*) filter (where status = ${CONCLUDED_STATUS})::int,
                 coalesce(sum(total_amount) filter (where status = ${CONCLUDED_STATUS}), 0)
          from orders where created_at >= ${bounds.todayStart} and created_at <= ${bounds.at}),
        counts as (
          select date_trunc(${bounds.unit}, day::timestamp) as bucket,
                 sum(requested)::int as requested, sum(concluded)::int as concluded,
                 sum(value) as value
          from days group by 1)
        select to_char(b.bucket, 'YYYY-MM-DD') as period,
               coalesce(c.requested, 0)::int as requested,
               coalesce(c.concluded, 0)::int as concluded,
               ${moneyText('c.concluded', 'c.value')} as value,
               (sum(c.requested) over ())::int as total_requested,
               (sum(c.concluded) over ())::int as total_concluded,
               ${moneyText('sum(c.concluded) over ()', 'sum(c.value) over ()')} as total_value
        from generate_series(${bounds.firstBucket}, ${bounds.lastBucket},
                             ('1 ' || ${bounds.unit})::interval) as b(bucket)
        left join counts c on c.bucket = b.bucket
        order by b.bucket`,
  );
  const first = rows[0];
  return {
    requested: first?.total_requested ?? 0,
    concluded: first?.total_concluded ?? 0,
    value: first?.total_value ?? '0',
    series: rows.map(({ period, requested, concluded, value }) => ({
      period,
      requested,
      concluded,
      value,
    })),
  };
}

/** Any number the fold takes as its own, so two instances never fold at once. */
const FOLD_LOCK = 680_068;

/**
 * Adds the changes the triggers appended into their days and deletes them, in one statement
 * (readers see the changes or their sum, never both or neither). Only this writes day rows
 * once the store runs: writers of orders only append changes, so they never wait here. Skipped
 * while another instance folds. Returns how many days it moved.
 */
export async function foldOrderDayChanges(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ isMine: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as "isMine"`,
    );
    if (!lock?.isMine) return 0;
    const days = await queryRows<{ day: string }>(
      tx,
      sql`with folded as (
            delete from order_day_changes
            returning day, requested, concluded, concluded_value)
          insert into order_days as d (day, requested, concluded, concluded_value)
          select day, sum(requested), sum(concluded), sum(concluded_value)
          from folded group by day order by day
          on conflict (day) do update set
            requested = d.requested + excluded.requested,
            concluded = d.concluded + excluded.concluded,
            concluded_value = d.concluded_value + excluded.concluded_value
          returning d.day`,
    );
    return days.length;
  });
}
