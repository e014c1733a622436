// Reads of orders for the customer's account, the thank-you page and the dashboard. Every
// select names its columns: an order never leaks a column added later.
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AWAITING_RECEIPT, FULFILMENT_STATUSES } from '@shared/fulfilment';
import { messages } from '@shared/messages';
import { statusesOfDispatchFilter } from '@shared/order-filters';
import { ID_MAX } from '@shared/schemas/common';
import {
  ACCOUNT_ORDERS_PAGE_SIZE,
  type AccountOrdersInput,
  type AdminOrdersFilter,
} from '@shared/schemas/order';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { containsPattern, variantCodeRank } from '../catalog/catalog-search';
import { paginate } from '../../db/paginate';
import { STORE_TIME_ZONE } from '@shared/format';
import {
  addresses,
  customers,
  orderItems,
  orderStatusHistory,
  orders,
  users,
} from '../../db/schema';
import { foundOrThrow } from '../infra/found';
import { orderRequestColumns } from './order-columns';
import { orderReadableBy } from './order-access';

const orderDetailColumns = {
  ...orderRequestColumns,
  renewalRequestedAt: orders.renewalRequestedAt,
  purchaseOrder: orders.purchaseOrder,
  // The payment axis's due day and terms (docs/decisions/083-terms-credit-and-due-dates.md):
  // the accepted quote's PDF prints them.
  dueOn: orders.dueOn,
  paymentTermsDays: orders.paymentTermsDays,
  paymentTermsFrom: orders.paymentTermsFrom,
  customerName: customers.fullName,
  customerEmail: customers.email,
  addressLine1: addresses.addressLine1,
  addressLine2: addresses.addressLine2,
  city: addresses.city,
  state: addresses.state,
  postalCode: addresses.postalCode,
  country: addresses.country,
};

/**
 * One order with its lines and address. `customerId` restricts it to the orders that customer
 * reads (their own and their company's, services/orders/order-access.ts): any other id answers
 * NOT_FOUND, exactly like an id that does not exist.
 */
export async function getOrderDetail(db: Executor, id: number, customerId?: number) {
  const where =
    customerId === undefined
      ? eq(orders.id, id)
      : and(eq(orders.id, id), orderReadableBy(customerId));
  const row = await foundOrThrow(
    db
      .select(orderDetailColumns)
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(addresses, eq(addresses.id, orders.addressId))
      .where(where),
    messages.orderNotFound,
  );

  const items = await db
    .select({
      id: orderItems.id,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      productSlug: orderItems.productSlug,
      productImage: orderItems.productImage,
      colorName: orderItems.colorName,
      storage: orderItems.storage,
      price: orderItems.price,
      quantity: orderItems.quantity,
      lineTotal: sql<string>`(${orderItems.price} * ${orderItems.quantity})::text`,
      listPrice: orderItems.listPrice,
      appliedRule: orderItems.appliedRule,
      isBackorder: orderItems.isBackorder,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));

  const { addressLine1, addressLine2, city, state, postalCode, country, ...order } = row;
  const address =
    addressLine1 === null ? null : { addressLine1, addressLine2, city, state, postalCode, country };
  return { ...order, address, items };
}

/** What a row of an orders list shows; the fulfilment state is null before Concretado. */
export const orderRowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalAmount: orders.totalAmount,
  fulfilmentStatus: orders.fulfilmentStatus,
};
export const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;
export const oldestFirst = [asc(orders.createdAt), asc(orders.id)] as const;

/** 'Mis pedidos', newest first; 'Por recibir' keeps the orders whose goods are still awaited. */
export function listCustomerOrders(
  db: Executor,
  customerId: number,
  { page = 1, awaitingReceipt }: AccountOrdersInput,
) {
  const where = and(
    eq(orders.customerId, customerId),
    awaitingReceipt ? inArray(orders.fulfilmentStatus, [...AWAITING_RECEIPT]) : undefined,
  );
  const query = db
    .select(orderRowColumns)
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .$dynamic();
  return paginate(query, db.$count(orders, where), page, ACCOUNT_ORDERS_PAGE_SIZE);
}

/**
 * The 'Despacho' filter's condition, its states written as literals (only ever the constants
 * of FULFILMENT_STATUSES): 'pendiente' then repeats the predicate of the partial index
 * orders_dispatch_pending_idx, which the planner cannot prove from a bound parameter.
 */
function fulfilmentIn(filter: NonNullable<AdminOrdersFilter['dispatch']>): SQL {
  const selected = statusesOfDispatchFilter(filter);
  const literals = FULFILMENT_STATUSES.filter((status) => selected.includes(status))
    .map((status) => `'${status}'`)
    .join(', ');
  return sql`${orders.fulfilmentStatus} in (${sql.raw(literals)})`;
}

/** '#123' or '123': the order number a search may be. */
const ORDER_NUMBER = /^#?\s*(\d{1,10})$/;

/**
 * Orders whose customer (name, e-mail, company) or order (contact e-mail, company) contains
 * the term, accents and case aside, or whose number it is. Both sides read their stored
 * search_text; the customers' through its trigram index. The term is always a bound
 * parameter, its % and _ taken literally.
 */
function matchesOrderSearch(term: string): SQL {
  const pattern = containsPattern(term);
  const conditions = [
    sql`${orders.searchText} like ${pattern}`,
    sql`${orders.customerId} in (select ${customers.id} from ${customers}
                                 where ${customers.searchText} like ${pattern})`,
  ];
  const number = ORDER_NUMBER.exec(term);
  if (number && Number(number[1]) <= ID_MAX) conditions.push(eq(orders.id, Number(number[1])));
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * The WHERE of the dashboard's orders list and its CSV export. 'Desde' and 'Hasta' are whole
 * days of the store's time zone, both included, as on the dashboard home
 * (docs/decisions/036-dashboard-figures.md).
 */
export function ordersFilterWhere(filter: AdminOrdersFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.dispatch) conditions.push(fulfilmentIn(filter.dispatch));
  if (filter.from) {
    conditions.push(
      sql`${orders.createdAt} >= (${filter.from}::date::timestamp at time zone ${STORE_TIME_ZONE})`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql`${orders.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${STORE_TIME_ZONE})`,
    );
  }
  if (filter.search) conditions.push(matchesOrderSearch(filter.search));
  return and(...conditions);
}

/** Variants whose product name contains the term, for the revision editor's 'Agregar producto'. */
export async function findVariantsForRevision(db: Executor, term: string) {
  return queryRows<{
    variantId: number;
    productName: string;
    storage: string;
    colorName: string;
    price: string;
    stock: number;
    sku: string;
  }>(
    db,
    // By name, or by the exact SKU or MPN of a variant (that variant first).
    sql`select v.id as "variantId", p.name as "productName", v.storage, v.color_name as "colorName",
               v.price::text as price, v.stock, v.sku
        from variants v join products p on p.id = v.product_id
        where p.search_text ilike ${containsPattern(term)}
           or upper(v.sku) = upper(${term.trim()}) or upper(v.mpn) = upper(${term.trim()})
        order by ${variantCodeRank(term)}, p.name, v.id limit 20`,
  );
}

/** What every reader of the history sees: what happened and when. */
const historyColumns = {
  id: orderStatusHistory.id,
  fromStatus: orderStatusHistory.fromStatus,
  toStatus: orderStatusHistory.toStatus,
  changedAt: orderStatusHistory.changedAt,
  note: orderStatusHistory.note,
};
const historyOrder = [asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id)];

/** The customer's view of the history: what happened and when, without who. */
export async function getCustomerHistory(db: Executor, orderId: number) {
  return db
    .select(historyColumns)
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(...historyOrder);
}

/** Who changed the order's status, when, from what and to what; oldest first. */
export async function getStatusHistory(db: Executor, orderId: number) {
  return db
    .select({
      ...historyColumns,
      actor: orderStatusHistory.actor,
      changedByName: customers.fullName,
      changedByEmail: users.email,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
    .leftJoin(customers, eq(customers.userId, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(...historyOrder);
}
