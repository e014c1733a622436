// The dashboard's day figures as the orders themselves give them, to check the rollup the
// triggers keep (docs/decisions/068-dashboard-rollups.md) against: the aggregates the dashboard
// ran over every order of the range before it had one, and the same per day over all orders.
import { sql } from 'drizzle-orm';
import { type Executor } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { STORE_TIME_ZONE } from '@shared/format';
import { inRange, rangeBounds } from '@server/services/dashboard/range';
import type { DashboardRange } from '@shared/dashboard-ranges';

type DayRow = { day: string; requested: number; concluded: number; value: string };

/** Totals and series of `range` at `now`, by the queries the dashboard used before 068. */
export async function directDayFigures(db: Executor, range: DashboardRange, now: Date) {
  const bounds = rangeBounds(range, now);
  const [totals] = await queryRows<{ requested: number; concluded: number; value: string }>(
    db,
    sql`select count(*)::int as requested,
          count(*) filter (where status = 'Concretado')::int as concluded,
          coalesce(sum(total_amount) filter (where status = 'Concretado'), 0)::text as value
        from orders where ${inRange(bounds, sql`created_at`)}`,
  );
  const series = await queryRows<{
    period: string;
    requested: number;
    concluded: number;
    value: string;
  }>(
    db,
    sql`with counts as (
          select date_trunc(${bounds.unit}, created_at at time zone ${STORE_TIME_ZONE}) as bucket,
                 count(*)::int as requested,
                 count(*) filter (where status = 'Concretado')::int as concluded,
                 coalesce(sum(total_amount) filter (where status = 'Concretado'), 0) as value
          from orders where ${inRange(bounds, sql`created_at`)}
          group by 1)
        select to_char(b.bucket, 'YYYY-MM-DD') as period,
               coalesce(c.requested, 0)::int as requested,
               coalesce(c.concluded, 0)::int as concluded,
               coalesce(c.value, 0)::text as value
        from generate_series(${bounds.firstBucket}, ${bounds.lastBucket},
                             ('1 ' || ${bounds.unit})::interval) as b(bucket)
        left join counts c on c.bucket = b.bucket
        order by b.bucket`,
  );
  return {
    requested: totals!.requested,
    concluded: totals!.concluded,
    valueConcluded: totals!.value,
    series,
  };
}

/** Every day's figures from the orders, days without orders left out. */
export function ordersByDay(db: Executor) {
  return queryRows<DayRow>(
    db,
    sql`select ((created_at at time zone ${STORE_TIME_ZONE})::date)::text as day,
               count(*)::int as requested,
               count(*) filter (where status = 'Concretado')::int as concluded,
               coalesce(sum(total_amount) filter (where status = 'Concretado'), 0)::text as value
        from orders group by 1 order by 1`,
  );
}

/** Every day's figures from the rollup and its unfolded changes, in the same shape. */
export function rollupByDay(db: Executor) {
  return queryRows<DayRow>(
    db,
    sql`select day::text as day, sum(requested)::int as requested,
               sum(concluded)::int as concluded,
               case when sum(concluded) = 0 then '0' else sum(concluded_value)::text end as value
        from (select day, requested, concluded, concluded_value from order_days
              union all
              select day, requested, concluded, concluded_value from order_day_changes) d
        group by day
        having sum(requested) <> 0 or sum(concluded) <> 0 or sum(concluded_value) <> 0
        order by day`,
  );
}
