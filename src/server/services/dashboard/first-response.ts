// The median first response of the dashboard home (docs/decisions/092-one-desk-for-quotes.md):
// computed on demand over the range's customer actions, which a range of days keeps small.
import { sql } from 'drizzle-orm';
import type { DashboardRange } from '@shared/dashboard-ranges';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { inRange, rangeBounds } from './range';

/**
 * The median time from a customer's action to staff's first answer after it, over the actions
 * of the range. Actions in a row before one answer are one wait, counted from the first of
 * them; a wait still open is not counted.
 */
export async function medianFirstResponse(db: Executor, range: DashboardRange, now: Date) {
  const bounds = rangeBounds(range, now);
  const [row] = await queryRows<{ seconds: number | null; answered: number }>(
    db,
    sql`with actions as (
          select id as order_id, created_at as at from orders
          union all select order_id, created_at from order_messages where author_role = 'customer'
          union all select order_id, created_at from quote_change_requests
          union all select h.order_id, h.changed_at from order_status_history h
            join user_roles r on r.user_id = h.changed_by
            where r.role = 'customer' and h.from_status is not null),
        answers as (
          select order_id, created_at as at from order_messages where author_role = 'admin'
          union all select order_id, created_at from quote_revisions),
        waits as (
          select a.order_id, min(a.at) as asked, n.answered
          from actions a
          join lateral (select min(s.at) as answered from answers s
                        where s.order_id = a.order_id and s.at > a.at) n on true
          where ${inRange(bounds, sql`a.at`)} and n.answered is not null
          group by a.order_id, n.answered)
        select percentile_cont(0.5) within group
                 (order by extract(epoch from answered - asked))::float8 as seconds,
               count(*)::int as answered
        from waits`,
  );
  return {
    seconds: row?.seconds == null ? null : Number(row.seconds),
    answered: Number(row?.answered ?? 0),
  };
}
