// The dashboard home's figures. Days and months are those of Montevideo, whatever the
// server's zone (docs/decisions/036-dashboard-figures.md). No panel reads every order or line of
// its range: the counts and value come from the daily rollup, the median answer and the most
// requested products from a snapshot, the lists from indexes that stop after ten rows
// (docs/decisions/068-dashboard-rollups.md).
import { sql } from 'drizzle-orm';
import { QUOTE_STATUS } from '@shared/order-status';
import type { DashboardRange } from '@shared/dashboard-ranges';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { quotesExpiringSoon } from '../orders/quote-expiry';
import { dayFigures } from './order-days';
import { medianFirstResponse } from './first-response';
import { rangeBounds } from './range';
import { slowFigures } from './snapshots';

const LIST_LIMIT = 10;
/** Low stock is counted up to this many variants; past it the panel says 'más de 1.000'. */
export const LOW_STOCK_COUNT_CAP = 1000;

/**
 * Quotes still in Cotización nobody on the staff has answered. Literals, not parameters, so a
 * prepared statement's generic plan can still use the partial index orders_waiting_created_at_idx.
 */
const isWaiting = sql.raw(`o.status = '${QUOTE_STATUS}' and o.first_answered_at is null`);

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

/**
 * The ten lowest stocks at or under `threshold`, a product's variants together (oldest product
 * first), read off variants_stock_product_id_idx: ten index entries however many variants are
 * low. The count stops at LOW_STOCK_COUNT_CAP.
 */
async function lowStock(db: Executor, threshold: number) {
  const rows = await queryRows<LowStockRow>(
    db,
    sql`select v.id as variant_id, v.stock, v.storage, v.color_name, p.name as product_name,
               p.slug,
               (select count(*) from (select 1 from variants where stock <= ${threshold}
                                      limit ${LOW_STOCK_COUNT_CAP + 1}) low)::int as total
        from (select id, stock, product_id, storage, color_name from variants
              where stock <= ${threshold}
              order by stock, product_id, id limit ${LIST_LIMIT}) v
        join products p on p.id = v.product_id
        order by v.stock, v.product_id, v.id`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    total: Math.min(total, LOW_STOCK_COUNT_CAP),
    isTotalCapped: total > LOW_STOCK_COUNT_CAP,
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

/** Every panel of the dashboard home for `range` ending at `now`. */
export async function dashboardSummary(
  db: Executor,
  input: { range: DashboardRange; lowStock: number },
  now: Date,
) {
  const bounds = rangeBounds(input.range, now);
  const [days, slow, waiting, expiring, low, firstResponse] = await Promise.all([
    dayFigures(db, bounds),
    slowFigures(db, input.range, now),
    waitingQuotes(db),
    quotesExpiringSoon(db, now),
    lowStock(db, input.lowStock),
    medianFirstResponse(db, input.range, now),
  ]);
  return {
    range: input.range,
    unit: bounds.unit,
    requested: days.requested,
    concluded: days.concluded,
    conversion: days.requested === 0 ? null : days.concluded / days.requested,
    valueConcluded: days.value,
    medianAnswerSeconds: slow.medianAnswerSeconds,
    answeredCount: slow.answeredCount,
    /** Customer action to staff's first answer, median over the range (decision 092). */
    firstResponse,
    waiting,
    expiringSoon: expiring,
    lowStock: { threshold: input.lowStock, ...low },
    topProducts: slow.topProducts,
    /** When the median answer and the most requested products were computed (a snapshot). */
    snapshotAt: slow.computedAt,
    series: days.series,
  };
}
