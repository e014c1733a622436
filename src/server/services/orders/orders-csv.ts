// 'Exportar CSV' of the dashboard's orders list: the orders the filters select, in the list's
// order (newest first; what waits to leave oldest first), read in keyset batches and written
// as they come, so a year of orders is never one string or one array in memory.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { isDispatchPendingFilter } from '@shared/order-filters';
import { orderStatusLabel } from '@shared/order-status';
import type { AdminOrdersFilter } from '@shared/schemas/order';
import type { Executor } from '../../db/client';
import { customers, orderItems, orders } from '../../db/schema';
import { csvDownloadStream } from '../infra/csv-download';
import { STORE_TIME_ZONE } from '@shared/format';
import { ordersFilterWhere } from './order-queries';

export const ORDERS_CSV_COLUMNS = [
  'número',
  'fecha',
  'estado',
  'despacho',
  'cliente',
  'email',
  'empresa',
  'RUT',
  'ítems',
  'total US$',
] as const;

const BATCH = 500;

/** Where the previous batch ended: created_at as the database prints it, so no precision is lost. */
type Cursor = { createdAt: string; id: number };

async function* orderRows(db: Executor, filter: AdminOrdersFilter) {
  const where = ordersFilterWhere(filter);
  const isOldestFirst = isDispatchPendingFilter(filter.dispatch);
  const [direction, beyond] = isOldestFirst ? [asc, sql`>`] : [desc, sql`<`];
  let after: Cursor | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: orders.id,
        cursorAt: sql<string>`${orders.createdAt}::text`,
        localTime: sql<string>`to_char(${orders.createdAt} at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
        status: orders.status,
        fulfilmentStatus: orders.fulfilmentStatus,
        customerName: customers.fullName,
        email: customers.email,
        companyName: orders.companyName,
        rut: orders.rut,
        units: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int
                            from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
        totalAmount: orders.totalAmount,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(
        and(
          where,
          after
            ? sql`(${orders.createdAt}, ${orders.id}) ${beyond} (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(direction(orders.createdAt), direction(orders.id))
      .limit(BATCH);
    for (const row of rows) {
      yield [
        String(row.id),
        row.localTime,
        orderStatusLabel(row.status),
        row.fulfilmentStatus ?? '',
        row.customerName,
        row.email,
        row.companyName ?? '',
        row.rut ?? '',
        String(row.units),
        row.totalAmount,
      ];
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}

/** The filtered orders as a CSV file stream. */
export const ordersCsvStream = (db: Executor, filter: AdminOrdersFilter) =>
  csvDownloadStream(orderRows(db, filter), ORDERS_CSV_COLUMNS);
