// Staff answer a quote request with a numbered revision; the customer accepts the latest one
// while it is valid (docs/product.md#cotizaciones, docs/decisions/039-quote-revisions-in-cents.md).
import { TRPCError } from '@trpc/server';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { calendarDay, formatDate } from '@shared/format';
import { messages, quoteExpiredMessage } from '@shared/messages';
import { QUOTE_STATUS } from '@shared/order-status';
import { parseCents } from '@shared/money';
import { quoteTotals } from '@shared/quote-math';
import type { RevisionInput } from '@shared/schemas/quote';
import type { Database, Executor, Transaction } from '../db/client';
import { queryRows, transactionRetried } from '../db/client';
import {
  customers,
  orders,
  products,
  quoteRevisionLines,
  quoteRevisions,
  variants,
} from '../db/schema';
import { orderMails, queueMail } from '../mail/order-mails';
import { applyStatusChange, releaseStock, reservedLines } from './order-status';
import { reserveLine } from './quote-orders';
import { changedFields, recordOrderAudit } from './audit';
import { foundOrThrow } from './found';
import { lockStockOf } from './stock-locks';

export const REVISED_STATUS = 'Modificado';
export const ACCEPTED_STATUS = 'Concretado';
/** Staff may revise a quote only while it is open (it holds stock and awaits an answer). */
const REVISABLE_STATUSES: string[] = [QUOTE_STATUS, REVISED_STATUS];
/** The history's note on the status change a revision makes: the timeline shows the revision. */
export const REVISION_SENT_NOTE = 'Cotización enviada';
export const ACCEPTED_NOTE = 'Aceptada por el cliente';
/** numeric(12, 2) holds up to this many cents. */
const MAX_AMOUNT_CENTS = 999_999_999_999n;

/** Today's date where the store is: a revision is valid through its whole last day. */
const TODAY = sql`(now() at time zone 'America/Montevideo')::date`;

/**
 * Locks the order row (before any product or variant: services/stock-locks.ts). Answers its
 * status, the customer's name and the account's e-mail, where the customer's mails go.
 */
async function lockOrder(tx: Transaction, orderId: number, customerId?: number) {
  return foundOrThrow(
    queryRows<{ status: string; account_email: string; full_name: string }>(
      tx,
      sql`select o.status, u.email as account_email, c.full_name from orders o
        join customers c on c.id = o.customer_id
        join users u on u.id = c.user_id
        where o.id = ${orderId} ${customerId === undefined ? sql`` : sql`and o.customer_id = ${customerId}`}
        for no key update of o`,
    ),
    messages.orderNotFound,
  );
}

/** The catalogue's name, colour and storage of each variant the revision quotes. */
async function variantSnapshots(tx: Transaction, variantIds: number[]) {
  const rows = await tx
    .select({
      variantId: variants.id,
      productId: products.id,
      productName: products.name,
      colorName: variants.colorName,
      storage: variants.storage,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds));
  const byId = new Map(rows.map((row) => [row.variantId, row]));
  if (byId.size !== variantIds.length) {
    throw new TRPCError({ code: 'NOT_FOUND', message: messages.variantNotFound });
  }
  return byId;
}

/**
 * Moves reserved stock from what the order holds now (`heldLines`) to the revision's
 * quantities, variant by variant in ascending id; the caller locked them all (lockStockOf).
 * More units are reserved with requestQuote's conditional decrement, fewer are given back.
 * `lines` are those that hold stock: a line quoted without stock (isBackorder) holds none.
 */
async function adjustStock(
  tx: Transaction,
  heldLines: { variant_id: number; quantity: number }[],
  lines: RevisionInput['lines'],
) {
  const held = new Map(heldLines.map((l) => [l.variant_id, l.quantity]));
  const wanted = new Map(lines.map((line) => [line.variantId, line.quantity]));
  const variantIds = [...new Set([...held.keys(), ...wanted.keys()])].sort((a, b) => a - b);
  let isMoved = false;
  for (const variantId of variantIds) {
    const delta = (wanted.get(variantId) ?? 0) - (held.get(variantId) ?? 0);
    if (delta > 0) await reserveLine(tx, { variantId, quantity: delta });
    if (delta < 0) await releaseStock(tx, variantId, -delta);
    isMoved ||= delta !== 0;
  }
  return isMoved;
}

/**
 * 'Enviar cotización': saves revision N+1 with totals computed here, sets the order to
 * Modificado, moves the reserved stock to the new quantities and queues the customer's mail
 * with the PDF, all in one transaction: a refusal (e.g. 'Stock insuficiente: X') changes nothing.
 */
export async function sendRevision(
  db: Database,
  input: RevisionInput,
  staff: { userId: number },
): Promise<{ number: number; isStockMoved: boolean }> {
  return transactionRetried(db, async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!REVISABLE_STATUSES.includes(order.status)) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.revisionNotOpen });
    }
    const [dateCheck] = await queryRows<{ is_past: boolean }>(
      tx,
      sql`select ${input.validUntil}::date < ${TODAY} as is_past`,
    );
    if (dateCheck?.is_past) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.revisionDateInPast });
    }
    const totals = quoteTotals(input.lines);
    if (parseCents(totals.total) > MAX_AMOUNT_CENTS) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.revisionTooLarge });
    }
    const heldLines = await reservedLines(tx, input.orderId);
    const stockLines = input.lines.filter((line) => !line.isBackorder);
    await lockStockOf(tx, [
      ...heldLines.map((line) => line.variant_id),
      ...stockLines.map((line) => line.variantId),
    ]);
    const snapshots = await variantSnapshots(
      tx,
      input.lines.map((line) => line.variantId),
    );
    const isStockMoved = await adjustStock(tx, heldLines, stockLines);

    const [last] = await tx
      .select({ number: quoteRevisions.number, total: quoteRevisions.total })
      .from(quoteRevisions)
      .where(eq(quoteRevisions.orderId, input.orderId))
      .orderBy(desc(quoteRevisions.number))
      .limit(1);
    const number = (last?.number ?? 0) + 1;
    const [revision] = await tx
      .insert(quoteRevisions)
      .values({
        orderId: input.orderId,
        number,
        note: input.note ?? null,
        validUntil: input.validUntil,
        subtotal: totals.subtotal,
        tax: totals.tax,
        total: totals.total,
        createdBy: staff.userId,
      })
      .returning({ id: quoteRevisions.id });
    await tx.insert(quoteRevisionLines).values(
      input.lines.map((line, i) => ({
        revisionId: revision!.id,
        ...snapshots.get(line.variantId)!,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        discountPercent: line.discountPercent,
        amount: totals.amounts[i]!,
        isBackorder: line.isBackorder ?? false,
        expectedOn: line.isBackorder ? (line.expectedOn ?? null) : null,
      })),
    );
    // The order's total follows the current revision, before tax like every order total.
    await tx
      .update(orders)
      .set({ totalAmount: totals.subtotal })
      .where(eq(orders.id, input.orderId));
    if (order.status !== REVISED_STATUS) {
      await applyStatusChange(
        tx,
        input.orderId,
        order.status,
        REVISED_STATUS,
        { userId: staff.userId, note: REVISION_SENT_NOTE },
        { mailCustomer: false },
      );
    }
    await queueMail(
      tx,
      orderMails.revisionToCustomer(order.account_email, {
        orderId: input.orderId,
        number,
        total: totals.total,
        validUntil: input.validUntil,
      }),
    );
    await recordOrderAudit(tx, {
      userId: staff.userId,
      orderId: input.orderId,
      action: 'revision',
      changes: changedFields(last && { revision: last.number, total: last.total }, {
        revision: number,
        total: totals.total,
      }),
    });
    return { number, isStockMoved };
  });
}

/**
 * 'Aceptar cotización': the customer accepts the revision they saw, if it is still the latest
 * and valid. The order becomes Concretado (its stock stays sold) and staff are mailed.
 */
export async function acceptRevision(
  db: Database,
  input: { orderId: number; revision: number },
  customer: { customerId: number; userId: number; staffEmail: string },
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, customer.customerId);
    const [latest] = await queryRows<{ number: number; valid_until: string; is_expired: boolean }>(
      tx,
      sql`select number, valid_until::text as valid_until, valid_until < ${TODAY} as is_expired
          from quote_revisions where order_id = ${input.orderId}
          order by number desc limit 1`,
    );
    if (!latest || order.status !== REVISED_STATUS || latest.number !== input.revision) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.revisionNotAcceptable });
    }
    if (latest.is_expired) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: quoteExpiredMessage(formatDate(calendarDay(latest.valid_until))),
      });
    }
    await applyStatusChange(tx, input.orderId, order.status, ACCEPTED_STATUS, {
      userId: customer.userId,
      note: ACCEPTED_NOTE,
    });
    await queueMail(
      tx,
      orderMails.acceptedToStaff(
        customer.staffEmail,
        input.orderId,
        latest.number,
        order.full_name,
      ),
    );
  });
}

/** Every revision of an order with its lines, newest first; `isExpired` by the store's date. */
export async function listRevisions(db: Executor, orderId: number) {
  const revisions = await db
    .select({
      id: quoteRevisions.id,
      number: quoteRevisions.number,
      note: quoteRevisions.note,
      validUntil: quoteRevisions.validUntil,
      isExpired: sql<boolean>`${quoteRevisions.validUntil} < ${TODAY}`,
      subtotal: quoteRevisions.subtotal,
      tax: quoteRevisions.tax,
      total: quoteRevisions.total,
      createdAt: quoteRevisions.createdAt,
      createdByName: customers.fullName,
    })
    .from(quoteRevisions)
    .leftJoin(customers, eq(customers.userId, quoteRevisions.createdBy))
    .where(eq(quoteRevisions.orderId, orderId))
    .orderBy(desc(quoteRevisions.number));
  if (revisions.length === 0) return [];
  const lines = await db
    .select({
      id: quoteRevisionLines.id,
      revisionId: quoteRevisionLines.revisionId,
      variantId: quoteRevisionLines.variantId,
      productName: quoteRevisionLines.productName,
      colorName: quoteRevisionLines.colorName,
      storage: quoteRevisionLines.storage,
      unitPrice: quoteRevisionLines.unitPrice,
      quantity: quoteRevisionLines.quantity,
      discountPercent: quoteRevisionLines.discountPercent,
      amount: quoteRevisionLines.amount,
      isBackorder: quoteRevisionLines.isBackorder,
      expectedOn: quoteRevisionLines.expectedOn,
    })
    .from(quoteRevisionLines)
    .where(
      inArray(
        quoteRevisionLines.revisionId,
        revisions.map((revision) => revision.id),
      ),
    )
    .orderBy(asc(quoteRevisionLines.id));
  return revisions.map((revision) => ({
    ...revision,
    lines: lines.filter((line) => line.revisionId === revision.id),
  }));
}
