// The median first answer and the most requested products cannot be kept flat by a rollup: an
// exact median needs every answer time of the range in order, and a top ten over all products
// needs every product's sum (the lines of a large catalogue spread over hundreds of thousands
// of products). So they are computed exactly, as of one instant, by the jobs loop every few
// minutes, stored per range, and shown with 'Actualizado hace N min'
// (docs/decisions/068-dashboard-rollups.md).
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { DASHBOARD_RANGES, type DashboardRange } from '@shared/dashboard-ranges';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { dashboardSnapshots } from '../../db/schema';
import { type Bounds, inRange, rangeBounds } from './range';

const MINUTE_MS = 60_000;
/** How often the jobs loop refreshes the snapshots (src/server/jobs.ts). */
export const SNAPSHOT_EVERY_MS = 10 * MINUTE_MS;
/**
 * A snapshot older than this (the jobs stopped, or the clock moved) is not shown: the request
 * computes a new one instead.
 */
export const SNAPSHOT_MAX_AGE_MS = 30 * MINUTE_MS;
/** At a million orders the twelve months take seconds, past the pool's statement timeout. */
const SNAPSHOT_STATEMENT_TIMEOUT = '2min';
const LIST_LIMIT = 10;

export type TopProduct = { name: string; slug: string | null; quantity: number };
export type SlowFigures = {
  medianAnswerSeconds: number | null;
  answeredCount: number;
  topProducts: TopProduct[];
  /** When these figures were true. */
  computedAt: Date;
};

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
  return { seconds: row?.seconds == null ? null : Number(row.seconds), answered: row!.answered };
}

async function topProducts(db: Executor, bounds: Bounds) {
  // Quantities are summed over the order lines alone; only the groups that can make the ten
  // (ties at the tenth included) are joined to their product, named and linked as it is now.
  // Lines of a deleted product have no product id and keep their snapshot name.
  return queryRows<TopProduct>(
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
}

/** Computes the range's figures as of `now` and stores them unless a newer snapshot is there. */
export async function refreshSnapshot(
  db: Executor,
  range: DashboardRange,
  now: Date,
): Promise<SlowFigures> {
  const bounds = rangeBounds(range, now);
  const figures = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = '${SNAPSHOT_STATEMENT_TIMEOUT}'`));
    const answer = await medianAnswer(tx, bounds);
    return {
      medianAnswerSeconds: answer.seconds,
      answeredCount: answer.answered,
      topProducts: await topProducts(tx, bounds),
      computedAt: now,
    };
  });
  await db
    .insert(dashboardSnapshots)
    .values({ range, ...figures })
    .onConflictDoUpdate({
      target: dashboardSnapshots.range,
      set: {
        computedAt: sql`excluded.computed_at`,
        medianAnswerSeconds: sql`excluded.median_answer_seconds`,
        answeredCount: sql`excluded.answered_count`,
        topProducts: sql`excluded.top_products`,
      },
      // Two instances, or a clock moved back: the newer figures stay.
      setWhere: sql`${dashboardSnapshots.computedAt} < excluded.computed_at`,
    });
  return figures;
}

/** The range's snapshot if one from the last SNAPSHOT_MAX_AGE_MS is there, else a new one. */
export async function slowFigures(
  db: Executor,
  range: DashboardRange,
  now: Date,
): Promise<SlowFigures> {
  const [stored] = await db
    .select()
    .from(dashboardSnapshots)
    .where(
      and(
        eq(dashboardSnapshots.range, range),
        lte(dashboardSnapshots.computedAt, now),
        gt(dashboardSnapshots.computedAt, new Date(now.getTime() - SNAPSHOT_MAX_AGE_MS)),
      ),
    );
  if (!stored) return refreshSnapshot(db, range, now);
  return {
    medianAnswerSeconds: stored.medianAnswerSeconds,
    answeredCount: stored.answeredCount,
    topProducts: stored.topProducts,
    computedAt: stored.computedAt,
  };
}

/**
 * The jobs loop's refresh: each range whose snapshot is older than half the interval (so of
 * several instances, about one does the work each time). Returns the ranges it refreshed.
 */
export async function refreshDashboardSnapshots(db: Executor, now: Date) {
  const fresh = await db
    .select({ range: dashboardSnapshots.range })
    .from(dashboardSnapshots)
    .where(
      and(
        lte(dashboardSnapshots.computedAt, now),
        gt(dashboardSnapshots.computedAt, new Date(now.getTime() - SNAPSHOT_EVERY_MS / 2)),
      ),
    );
  const refreshed: DashboardRange[] = [];
  for (const range of DASHBOARD_RANGES) {
    if (fresh.some((row) => row.range === range)) continue;
    await refreshSnapshot(db, range, now);
    refreshed.push(range);
  }
  return refreshed;
}
