// The dashboard home's figures: one aggregate query per panel, run by the database, never by
// loading orders here. Days and months are those of Montevideo, whatever the server's zone
// (docs/decisions/036-dashboard-figures.md).
import { type SQL, sql } from 'drizzle-orm';
import { CONCLUDED_STATUS, QUOTE_STATUS } from '@shared/order-status';
import type { DashboardRange } from '@shared/dashboard-ranges';
import { type Executor, queryRows } from '../../db/client';
import { quotesExpiringSoon } from '../quote-expiry';

export const STORE_TIME_ZONE = 'America/Montevideo';
const LIST_LIMIT = 10;

/** The range's first instant and its buckets, all computed by the database from `now`. */
function rangeBounds(range: DashboardRange, now: Date) {
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
  };
}
type Bounds = ReturnType<typeof rangeBounds>;

const inRange = (bounds: Bounds, column: SQL) =>
  sql`${column} >= ${bounds.start} and ${column} <= ${bounds.at}`;

/**
 * Quotes still in Cotización nobody on the staff has answered. Literals, not parameters, so a
 * prepared statement's generic plan can still use the partial index orders_waiting_created_at_idx.
 */
const isWaiting = sql.raw(`o.status = '${QUOTE_STATUS}' and o.first_answered_at is null`);

async function totals(db: Executor, bounds: Bounds) {
  const [row] = await queryRows<{ requested: number; concluded: number; value: string }>(
    db,
    sql`select count(*)::int as requested,
          count(*) filter (where status = ${CONCLUDED_STATUS})::int as concluded,
          coalesce(sum(total_amount) filter (where status = ${CONCLUDED_STATUS}), 0)::text as value
        from orders where ${inRange(bounds, sql`created_at`)}`,
  );
  return row!;
}

/** Request to first staff answer (orders.first_answered_at, kept by the database's triggers). */
async function medianAnswer(db: Executor, bounds: Bounds) {
  const [row] = await queryRows<{ seconds: number | null; answered: number }>(
    db,
    sql`select percentile_cont(0.5) within group
                 (order by extract(epoch from first_answered_at - created_at))::float8 as seconds,
               count(*)::int as answered
        from orders
        where ${inRange(bounds, sql`created_at`)} and first_answered_at is not null`,
  );
  return { seconds: row?.seconds === null ? null : Number(row?.seconds), answered: row!.answered };
}

type WaitingRow = {
  id: number;
  created_at: string;
  total_amount: string;
  customer_name: string;
  total: number;
};

/** The oldest waiting quotes, and how many wait in all (counted on the partial index). */
async function waitingQuotes(db: Executor) {
  const rows = await queryRows<WaitingRow>(
    db,
    sql`select o.id, o.created_at, o.total_amount::text as total_amount,
               c.full_name as customer_name,
               (select count(*) from orders o where ${isWaiting})::int as total
        from orders o join customers c on c.id = o.customer_id
        where ${isWaiting}
        order by o.created_at, o.id limit ${LIST_LIMIT}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      totalAmount: row.total_amount,
      customerName: row.customer_name,
    })),
  };
}

type LowStockRow = {
  variant_id: number;
  stock: number;
  storage: string;
  color_name: string;
  product_name: string;
  slug: string;
  total: number;
};

async function lowStock(db: Executor, threshold: number) {
  const rows = await queryRows<LowStockRow>(
    db,
    // Only variants at or under the tenth lowest stock can make the list: those are joined
    // and sorted by name, not every variant under the threshold (most of a large catalogue).
    sql`select v.id as variant_id, v.stock, v.storage, v.color_name, p.name as product_name,
               p.slug, (select count(*) from variants where stock <= ${threshold})::int as total
        from variants v join products p on p.id = v.product_id
        where v.stock <= least(${threshold}, (select stock from variants where stock <= ${threshold}
                                              order by stock offset ${LIST_LIMIT - 1} limit 1))
        order by v.stock, p.name, v.id limit ${LIST_LIMIT}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      variantId: row.variant_id,
      stock: row.stock,
      storage: row.storage,
      colorName: row.color_name,
      productName: row.product_name,
      slug: row.slug,
    })),
  };
}

async function topProducts(db: Executor, bounds: Bounds) {
  // Quantities are summed over the order lines alone; only the groups that can make the ten
  // (ties at the tenth included) are joined to their product, named and linked as it is now.
  // Lines of a deleted product have no product id and keep their snapshot name.
  const rows = await queryRows<{ name: string; slug: string | null; quantity: number }>(
    db,
    sql`with demand as (
          select i.product_id, case when i.product_id is null then i.product_name end as lost_name,
                 sum(i.quantity)::int as quantity
          from order_items i join orders o on o.id = i.order_id
          where ${inRange(bounds, sql`o.created_at`)}
          group by 1, 2),
        tenth as (select quantity from demand order by quantity desc offset ${LIST_LIMIT - 1} limit 1)
        select coalesce(p.name, d.lost_name) as name, p.slug, d.quantity
        from demand d left join products p on p.id = d.product_id
        where d.quantity >= coalesce((select quantity from tenth), 0)
        order by d.quantity desc, name limit ${LIST_LIMIT}`,
  );
  return rows;
}

type SeriesRow = { period: string; requested: number; concluded: number; value: string };

/** One row per day (or month) of the range, empty periods included, for the two charts. */
async function series(db: Executor, bounds: Bounds) {
  return queryRows<SeriesRow>(
    db,
    sql`with counts as (
          select date_trunc(${bounds.unit}, created_at at time zone ${STORE_TIME_ZONE}) as bucket,
                 count(*)::int as requested,
                 count(*) filter (where status = ${CONCLUDED_STATUS})::int as concluded,
                 coalesce(sum(total_amount) filter (where status = ${CONCLUDED_STATUS}), 0) as value
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
}

/** Every panel of the dashboard home for `range` ending at `now`. */
export async function dashboardSummary(
  db: Executor,
  input: { range: DashboardRange; lowStock: number },
  now: Date,
) {
  const bounds = rangeBounds(input.range, now);
  const [counts, answer, waiting, expiring, low, top, periods] = await Promise.all([
    totals(db, bounds),
    medianAnswer(db, bounds),
    waitingQuotes(db),
    quotesExpiringSoon(db, now),
    lowStock(db, input.lowStock),
    topProducts(db, bounds),
    series(db, bounds),
  ]);
  const conversion = counts.requested === 0 ? null : counts.concluded / counts.requested;
  return {
    range: input.range,
    unit: bounds.unit,
    requested: counts.requested,
    concluded: counts.concluded,
    conversion,
    valueConcluded: counts.value,
    medianAnswerSeconds: answer.seconds,
    answeredCount: answer.answered,
    waiting,
    expiringSoon: expiring,
    lowStock: { threshold: input.lowStock, ...low },
    topProducts: top,
    series: periods,
  };
}
