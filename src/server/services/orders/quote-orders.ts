// orders.requestQuote: cart lines -> one quote order, in one transaction
// (docs/product.md#orders-and-stock). Any failure leaves stock, orders and items as they were.
// Every unit price comes from the one price function (services/pricing/pricing.ts) for the session's
// buyer, read after the stock locks; the client's prices are never read.
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney } from '@shared/format';
import { BACKORDER_LABEL } from '@shared/pricing';
import { sameAmount } from '@shared/money';
import { messages, tooManyOpenQuotesMessage } from '@shared/messages';
import { OPEN_QUOTE_STATUSES, QUOTE_STATUS } from '@shared/order-status';
import type { QuoteItem, QuoteRequestInput } from '@shared/schemas/order';
import { failsAs } from '../../failed-step';
import type { Database, Transaction } from '../../db/client';
import { pgErrorCode } from '../../db/errors';
import { queryRows } from '../../db/queries';
import { transactionRetried } from '../../db/transactions';
import { addresses, orderItems, orderStatusHistory, orders, quoteRequests } from '../../db/schema';
import { orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import type { Outbox } from '../infra/outbox';
import { companyForQuote } from '../companies/companies';
import { foundOrThrow } from '../infra/found';
import { assertWithinHeldUnits, type CapConfig } from './held-units';
import { backorderSnapshots, type LineSnapshot } from './order-line-snapshots';
import { lockedBuyerOf, type PricedLine, priceLines } from '../pricing/pricing';
import { lockStockOf } from '../catalog/stock-locks';

/** `email` is the signed-in account's: the customer's mails go there, never to a typed one. */
export type QuoteRequester = { customerId: number; userId: number; email: string };
export type QuoteOptions = {
  maxOpenQuotes: number;
  staffEmail: string;
  config: CapConfig;
  /** The request's instant (deps.clock): which company rules are still in force. */
  now: Date;
  store: StoreIdentity;
  /**
   * Writes what another domain keeps of the request, in its transaction, once the order row
   * exists: the delivery choice (services/fulfilment/order-delivery.ts). Its text goes into the
   * request's mails.
   */
  withOrder?: (tx: Transaction, orderId: number) => Promise<string>;
};

/** A variant as the conditional stock update returned it, read under its row lock. */
type ReservedLine = LineSnapshot & {
  price: string;
  /** The variant's stock before this reservation. */
  stock_before: number;
};

/** A line as stored: what it is, what it costs this buyer, and whether it holds stock. */
type QuotedLine = LineSnapshot & { priced: PricedLine; isBackorder: boolean };

type WantedLine = { variantId: number; quantity: number; backorder: boolean };

/**
 * The same variant twice in the input counts once, with the quantities added; it is a
 * 'Consultar disponibilidad' line (no stock held) when any of them was.
 */
function mergeLines(items: QuoteItem[]): WantedLine[] {
  const byVariant = new Map<number, WantedLine>();
  for (const item of items) {
    const seen = byVariant.get(item.variantId);
    byVariant.set(item.variantId, {
      variantId: item.variantId,
      quantity: (seen?.quantity ?? 0) + item.quantity,
      backorder: (seen?.backorder ?? false) || item.backorder === true,
    });
  }
  // Ascending variant id, the order of the locks (services/catalog/stock-locks.ts) and of the lines.
  return [...byVariant.values()].sort((a, b) => a.variantId - b.variantId);
}

/**
 * The longest a quote waits for the rows of the products it reserves. A catalogue import holds
 * the products it writes for seconds (docs/decisions/069-a-catalogue-import-at-scale.md): a
 * quote for one of them waited until the pool's statement timeout (5 s) and got 'El servicio
 * no está disponible', holding a pool connection all that time. Past this bound it answers at
 * once that the catalogue is being updated. Other writers hold these rows for milliseconds
 * (another quote, a product save), so a quote waits past two seconds only behind an import
 * (docs/decisions/071-an-import-beside-the-store.md). Below DATABASE_STATEMENT_TIMEOUT_MS.
 */
export const QUOTE_LOCK_WAIT_MS = 2_000;

/** PostgreSQL's lock_not_available: a lock wait passed lock_timeout. */
const PG_LOCK_NOT_AVAILABLE = '55P03';

/**
 * lockStockOf with its waits bounded by QUOTE_LOCK_WAIT_MS, for this step only (the setting
 * returns to the session's default after it). Past the bound: 409 'El catálogo se está
 * actualizando', and the transaction rolls back (nothing of the quote is written); the browser
 * keeps its cart and shows a 4xx's text, where it shows its own for a 503.
 */
async function lockStockBounded(tx: Transaction, variantIds: number[]) {
  await tx.execute(sql.raw(`set local lock_timeout = ${QUOTE_LOCK_WAIT_MS}`));
  try {
    await lockStockOf(tx, variantIds);
  } catch (error) {
    if (pgErrorCode(error) !== PG_LOCK_NOT_AVAILABLE) throw error;
    throw new TRPCError({ code: 'CONFLICT', message: messages.catalogUpdating, cause: error });
  }
  await tx.execute(sql`set local lock_timeout to default`);
}

export const insufficientStockMessage = (productName: string) =>
  `${messages.insufficientStock}: ${productName}`;

/**
 * Decrements the stock only when enough is left; explains why when it is not. The caller
 * locked the variant and its product first (lockStockOf).
 */
export async function reserveLine(tx: Transaction, line: QuoteItem): Promise<ReservedLine> {
  const [reserved] = await failsAs(messages.stockUpdateFailed, () =>
    queryRows<Omit<ReservedLine, 'quantity'>>(
      tx,
      sql`update variants v set stock = v.stock - ${line.quantity}
        from products p
        where v.id = ${line.variantId} and p.id = v.product_id and v.stock >= ${line.quantity}
        returning v.id as variant_id, p.id as product_id, v.price::text as price, v.storage,
                  v.color_name, p.name as product_name, p.slug as product_slug,
                  p.images->>0 as product_image, v.stock + ${line.quantity} as stock_before`,
    ),
  );
  if (reserved) return { ...reserved, quantity: line.quantity };
  const existing = await foundOrThrow(
    failsAs(messages.variantLoadFailed, () =>
      queryRows<{ name: string }>(
        tx,
        sql`select p.name from variants v join products p on p.id = v.product_id
          where v.id = ${line.variantId}`,
      ),
    ),
    messages.cartItemGone,
  );
  throw new TRPCError({ code: 'CONFLICT', message: insufficientStockMessage(existing.name) });
}

/**
 * 'Notebook X (16 GB / Gris) x 2 - US$ 1.299,50' per line: the unit price, as staff read it,
 * with the rule that lowered it and the backorder note where they apply.
 */
const itemsText = (lines: QuotedLine[]) =>
  lines
    .map((line) => {
      const notes = [
        line.priced.rule?.label,
        line.isBackorder ? BACKORDER_LABEL : undefined,
      ].filter(Boolean);
      return `${line.product_name} (${line.storage} / ${line.color_name}) x ${line.priced.quantity} - ${formatMoney(line.priced.unitPrice)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
    })
    .join('\n');

async function findByIdempotencyKey(db: Database, customerId: number, key: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
  return order;
}

/**
 * Refuses a quote past the customer's cap of open ones. The customer row's lock makes two
 * quotes of one customer count one after the other (on PostgreSQL; PGlite runs one
 * transaction at a time anyway), so parallel requests cannot all slip under the cap (of open
 * quotes, and of held units). NO KEY UPDATE, not FOR UPDATE: an admin changing this customer's
 * order re-checks the order's foreign key to this row (KEY SHARE), and must not wait for this
 * quote while it waits for the admin's products (services/catalog/stock-locks.ts).
 */
async function assertOpenQuotesBelow(tx: Transaction, customerId: number, max: number) {
  await tx.execute(sql`select id from customers where id = ${customerId} for no key update`);
  const open = await tx.$count(
    orders,
    and(eq(orders.customerId, customerId), inArray(orders.status, [...OPEN_QUOTE_STATUSES])),
  );
  if (open >= max) {
    throw new TRPCError({ code: 'CONFLICT', message: tooManyOpenQuotesMessage(max) });
  }
}

async function insertQuote(
  tx: Transaction,
  requester: QuoteRequester,
  input: QuoteRequestInput,
  outbox: Outbox,
  options: QuoteOptions,
): Promise<number> {
  await assertOpenQuotesBelow(tx, requester.customerId, options.maxOpenQuotes);
  // The company the order belongs to, fixed now: its members read it.
  const company = await companyForQuote(tx, requester.customerId, input);
  // The order row comes before any stock: a concurrent duplicate of this idempotency key
  // fails on the unique index here, before it has touched a variant.
  const addressId = input.address
    ? (
        await tx
          .insert(addresses)
          .values({
            customerId: requester.customerId,
            addressLine1: input.address.addressLine1,
            addressLine2: input.address.addressLine2 ?? null,
            city: input.address.city,
            state: input.address.state,
            postalCode: input.address.postalCode ?? null,
            country: input.address.country,
          })
          .returning({ id: addresses.id })
      )[0]?.id
    : undefined;
  const [order] = await tx
    .insert(orders)
    .values({
      customerId: requester.customerId,
      addressId,
      totalAmount: '0',
      status: QUOTE_STATUS,
      contactEmail: input.email,
      contactPhone: input.phone || null,
      message: input.message || null,
      idempotencyKey: input.idempotencyKey,
      companyName: company.companyName,
      rut: company.rut,
      companyId: company.companyId,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned no row');
  const requestedExtra = await options.withOrder?.(tx, order.id);

  const wanted = mergeLines(input.items);
  const held = wanted.filter((line) => !line.backorder);
  await lockStockBounded(
    tx,
    held.map((line) => line.variantId),
  );
  // Before this order has lines: the held units counted are the customer's other quotes.
  // 'Consultar disponibilidad' lines reserve nothing and count for nothing.
  const reserved: ReservedLine[] = [];
  for (const line of held) reserved.push(await reserveLine(tx, line));
  await assertWithinHeldUnits(
    tx,
    requester.customerId,
    reserved.map((line) => ({
      variantId: line.variant_id,
      quantity: line.quantity,
      stockBefore: Number(line.stock_before),
    })),
    options.config,
  );
  const lines = await quotedLines(tx, requester.customerId, wanted, reserved, options.now);

  await tx.insert(orderItems).values(
    lines.map((line) => ({
      orderId: order.id,
      variantId: line.variant_id,
      productId: line.product_id,
      price: line.priced.unitPrice,
      listPrice: line.priced.listPrice,
      appliedRule: line.priced.rule,
      isBackorder: line.isBackorder,
      quantity: line.quantity,
      productName: line.product_name,
      productSlug: line.product_slug,
      productImage: line.product_image,
      colorName: line.color_name,
      storage: line.storage,
    })),
  );
  // The total is summed by the database from the stored lines, never from client prices.
  const [totals] = await queryRows<{ total: string }>(
    tx,
    sql`update orders set total_amount = (
          select coalesce(sum(price * quantity), 0) from order_items where order_id = ${order.id})
        where id = ${order.id}
        returning total_amount::text as total`,
  );
  const totalAmount = totals!.total;
  // Throwing here rolls back the order, its lines and the stock just reserved.
  if (input.expectedTotal !== undefined && !sameAmount(input.expectedTotal, totalAmount)) {
    throw new TRPCError({ code: 'CONFLICT', message: messages.pricesChanged });
  }

  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: QUOTE_STATUS,
    changedBy: requester.userId,
  });
  const text = itemsText(lines);
  await tx.insert(quoteRequests).values({
    orderId: order.id,
    email: input.email,
    phone: input.phone || null,
    message: input.message || null,
    source: 'checkout',
    totalAmount,
    itemsText: text,
  });
  // The body forwarded to FORM_ENDPOINT (docs/product.md#orders-and-stock).
  await outbox.enqueue(tx, 'quote', {
    email: input.email,
    phone: input.phone ?? '',
    message: input.message ?? '',
    source: 'checkout',
    totalAmount,
    items_text: text,
  });
  // To the account, not to the e-mail typed in the form: the store would relay its mail to any
  // address typed there. The typed one stays on the order for staff (contactEmail).
  const mails = orderMails(options.store);
  const mailText = requestedExtra ? `${text}\n\n${requestedExtra}` : text;
  await queueMail(tx, mails.requestedToCustomer(requester.email, order.id, mailText));
  await queueMail(
    tx,
    mails.requestedToStaff(options.staffEmail, order.id, company.fullName, mailText),
  );
  return order.id;
}

/**
 * Every line with its snapshot and the price the session's buyer pays, in ascending variant id.
 * Read after the stock locks, in the same transaction: the list price cannot move before the
 * commit, and what the browser believed is never asked.
 */
async function quotedLines(
  tx: Transaction,
  customerId: number,
  wanted: WantedLine[],
  reserved: ReservedLine[],
  now: Date,
): Promise<QuotedLine[]> {
  const snapshots = new Map<number, LineSnapshot>(reserved.map((line) => [line.variant_id, line]));
  const backorders = wanted.filter((line) => line.backorder);
  for (const snapshot of await backorderSnapshots(tx, backorders)) {
    snapshots.set(snapshot.variant_id, snapshot);
  }
  const priced = await priceLines(tx, await lockedBuyerOf(tx, customerId), wanted, now);
  const pricedById = new Map(priced.map((line) => [line.variantId, line]));
  return wanted.map((line) => ({
    ...snapshots.get(line.variantId)!,
    priced: pricedById.get(line.variantId)!,
    isBackorder: line.backorder,
  }));
}

/** Creates the quote order, or returns the one already created with this idempotency key. */
export async function createQuoteOrder(
  db: Database,
  outbox: Outbox,
  requester: QuoteRequester,
  input: QuoteRequestInput,
  options: QuoteOptions,
): Promise<{ orderId: number; isNew: boolean }> {
  const existing = await findByIdempotencyKey(db, requester.customerId, input.idempotencyKey);
  if (existing) return { orderId: existing.id, isNew: false };
  try {
    const orderId = await transactionRetried(db, (tx) =>
      insertQuote(tx, requester, input, outbox, options),
    );
    return { orderId, isNew: true };
  } catch (error) {
    // Two requests with one key raced past the lookup: the loser rolled back (on the unique
    // index, or on a cap or stock that the winner's order used up), the winner stands.
    const winner = await findByIdempotencyKey(db, requester.customerId, input.idempotencyKey);
    if (winner) return { orderId: winner.id, isNew: false };
    throw error;
  }
}
