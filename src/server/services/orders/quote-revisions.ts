// Staff answer a quote request with a numbered revision; the customer accepts the latest one
// while it is valid (docs/product.md#cotizaciones, docs/decisions/039-quote-revisions-in-cents.md).
import { TRPCError } from '@trpc/server';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatDay, storeDay } from '@shared/format';
import { messages, quoteExpiredRefusal } from '@shared/messages';
import {
  CONCLUDED_STATUS,
  EXPIRED_STATUS,
  QUOTE_STATUS,
  REVISED_STATUS,
} from '@shared/order-status';
import { parseCents } from '@shared/money';
import { pesosTotalText, quoteTotals } from '@shared/quote-math';
import { pesosAtRateText } from '@shared/exchange-rate';
import { revisionChanges } from '@shared/revision-changes';
import type { RevisionInput } from '@shared/schemas/quote';
import type { Database, Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { transactionRetried } from '../../db/transactions';
import {
  customers,
  orders,
  products,
  quoteRevisionLines,
  quoteRevisions,
  variants,
} from '../../db/schema';
import { orderMails, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { applyStatusChange, releaseStock, reservedLines } from './order-status';
import { reserveLine } from './quote-orders';
import { changedFields, recordOrderAudit } from '../infra/audit';
import { sendToApprovalIfOverLimit } from './order-approval';
import { queueAcceptedToStaff } from './acceptance-mail';
import { requireCurrentMember } from '../companies/company-orders';
import type { PaymentAxis } from './payment-axis';
import { foundOrThrow } from '../infra/found';
import { lockStockOf } from '../catalog/stock-locks';
import { getStoreProfile, quoteSellerOf } from '../store/store-profile';
import { rateOfDay, ratesOfDays } from '../store/exchange-rate';
import type { Config } from '../../config';

/**
 * Staff may revise a quote while it is open (it holds stock and awaits an answer) or after it
 * expired: that new revision is the renewal, and reserves the stock again.
 */
const REVISABLE_STATUSES: string[] = [QUOTE_STATUS, REVISED_STATUS, EXPIRED_STATUS];
/** The history's note on the status change a revision makes: the timeline shows the revision. */
export const REVISION_SENT_NOTE = 'Cotización enviada';
export const ACCEPTED_NOTE = 'Aceptada por el cliente';
/** numeric(12, 2) holds up to this many cents. */
const MAX_AMOUNT_CENTS = 999_999_999_999n;

/** Who sends a revision, and from where the mail and the date come. */
export type RevisionAuthor = { userId: number; store: StoreIdentity; now: Date };

/**
 * Locks the order row (before any product or variant: services/catalog/stock-locks.ts). Answers its
 * status, the customer's name and the account's e-mail, where the customer's mails go.
 */
export async function lockOrder(tx: Transaction, orderId: number, customerId?: number) {
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
      ivaRate: products.ivaRate,
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
  config: Config,
  input: RevisionInput,
  staff: RevisionAuthor,
  // What another domain writes with revision `number`, in its transaction: a new delivery
  // choice (services/fulfilment/order-delivery.ts).
  extra: { withRevision?: (tx: Transaction, number: number) => Promise<void> } = {},
): Promise<{ number: number; isStockMoved: boolean }> {
  return transactionRetried(db, async (tx) => {
    // Terms left out are the store's defaults at this moment, copied onto the revision with
    // the store's own data, which its PDF prints from then on.
    const store = await getStoreProfile(tx, config);
    const order = await lockOrder(tx, input.orderId);
    if (!REVISABLE_STATUSES.includes(order.status)) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.revisionNotOpen });
    }
    // A revision is valid through its whole last day, Montevideo's ('YYYY-MM-DD' compare).
    if (input.validUntil < storeDay(staff.now)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.revisionDateInPast });
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
    // Each line's IVA is its product's (docs/decisions/088-iva-per-product.md).
    const totals = quoteTotals(
      input.lines.map((line) => ({ ...line, ivaRate: snapshots.get(line.variantId)!.ivaRate })),
    );
    if (parseCents(totals.total) > MAX_AMOUNT_CENTS) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.revisionTooLarge });
    }
    // An expired quote holds nothing: leaving Vencida below reserves the new lines instead
    // (those quoted without stock hold none either way).
    const isRenewal = order.status === EXPIRED_STATUS;
    let isStockMoved = isRenewal ? false : await adjustStock(tx, heldLines, stockLines);

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
        paymentTerms: input.paymentTerms ?? store.paymentTerms,
        deliveryTerms: input.deliveryTerms ?? store.deliveryTerms,
        warranty: input.warranty ?? store.warranty,
        exchangeRate: input.exchangeRate ?? null,
        seller: quoteSellerOf(store),
        createdBy: staff.userId,
        // The clock's day, which its pesos are shown at (decision 085) and reminders count from.
        createdAt: staff.now,
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
    await extra.withRevision?.(tx, number);
    // The order's total follows the current revision, before tax like every order total.
    await tx
      .update(orders)
      .set({ totalAmount: totals.subtotal, renewalRequestedAt: null })
      .where(eq(orders.id, input.orderId));
    if (order.status !== REVISED_STATUS) {
      // From Vencida this reserves the new revision's lines ('Stock insuficiente: X' if short).
      const isMoved = await applyStatusChange(
        tx,
        input.orderId,
        order.status,
        REVISED_STATUS,
        { userId: staff.userId, note: REVISION_SENT_NOTE },
        false,
      );
      isStockMoved ||= isMoved;
    }
    // In pesos at the rate staff typed, else the day's (docs/decisions/085-the-bcu-rate.md).
    const dayRate = input.exchangeRate ? null : await rateOfDay(tx, storeDay(staff.now));
    await queueMail(
      tx,
      orderMails(staff.store).revisionToCustomer(order.account_email, {
        orderId: input.orderId,
        number,
        total: totals.total,
        validUntil: input.validUntil,
        pesos: input.exchangeRate
          ? pesosTotalText(totals.total, input.exchangeRate)
          : dayRate && `Total en pesos uruguayos: ${pesosAtRateText(totals.total, dayRate)}`,
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
 * and valid. The order becomes Concretado (its stock stays sold) and staff are mailed. Above a
 * member's spending limit it waits for the company, then above the company's available credit
 * for the store (`creditHold`, docs/decisions/083-terms-credit-and-due-dates.md).
 */
export async function acceptRevision(
  db: Database,
  input: { orderId: number; revision: number; purchaseOrder?: string },
  customer: {
    customerId: number;
    userId: number;
    staffEmail: string;
    store: StoreIdentity;
    now: Date;
  },
  payment: PaymentAxis,
): Promise<{ isPendingApproval: boolean; creditHold?: { available: string } }> {
  return db.transaction(async (tx) => {
    // The order row's lock orders this against the expiry job (services/orders/quote-expiry.ts): one
    // of them sees the other's status, so an order is never both accepted and released.
    const order = await lockOrder(tx, input.orderId, customer.customerId);
    // Its requester, still a member of the order's company, under the limit in force now.
    await requireCurrentMember(tx, input.orderId, customer.customerId);
    const [latest] = await queryRows<{ number: number; valid_until: string }>(
      tx,
      sql`select number, valid_until::text as valid_until
          from quote_revisions where order_id = ${input.orderId}
          order by number desc limit 1`,
    );
    if (!latest || latest.number !== input.revision) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.revisionNotAcceptable });
    }
    // Expired by the job (Vencida) or by the calendar before the job ran: the same answer.
    if (
      order.status === EXPIRED_STATUS ||
      (order.status === REVISED_STATUS && latest.valid_until < storeDay(customer.now))
    ) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: quoteExpiredRefusal(formatDay(latest.valid_until)),
      });
    }
    if (order.status !== REVISED_STATUS) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.revisionNotAcceptable });
    }
    // The purchase order is the member's, kept whether they accept alone or an administrator
    // approves it.
    await tx
      .update(orders)
      .set({ purchaseOrder: input.purchaseOrder ?? null })
      .where(eq(orders.id, input.orderId));
    // Above a company member's spending limit, the company's administrators decide
    // (docs/decisions/058-spending-limits-and-approval.md).
    const accepted = { orderId: input.orderId, revision: latest.number, status: order.status };
    if (await sendToApprovalIfOverLimit(tx, accepted, customer)) return { isPendingApproval: true };
    const creditHold = await payment.holdForCredit(tx, { ...accepted, ...customer });
    if (creditHold) return { isPendingApproval: false, creditHold };
    await applyStatusChange(
      tx,
      input.orderId,
      order.status,
      CONCLUDED_STATUS,
      { userId: customer.userId, note: ACCEPTED_NOTE },
      { store: customer.store },
      { payment, now: customer.now },
    );
    await queueAcceptedToStaff(tx, input.orderId, customer, { kind: 'buyer' });
    return { isPendingApproval: false };
  });
}

/**
 * Every revision of an order with its lines, newest first; `isExpired` by the store's `today`;
 * `changes`, what it changed from the revision before it (null on the first).
 */
export async function listRevisions(db: Executor, orderId: number, now: Date) {
  const revisions = await db
    .select({
      id: quoteRevisions.id,
      number: quoteRevisions.number,
      note: quoteRevisions.note,
      validUntil: quoteRevisions.validUntil,
      // An accepted quote is not 'vencida' once its validity passes: it was taken in time.
      isExpired: sql<boolean>`${quoteRevisions.validUntil} < ${storeDay(now)}::date
        and not exists (select 1 from orders o
                        where o.id = ${quoteRevisions.orderId} and o.status = ${CONCLUDED_STATUS})`,
      subtotal: quoteRevisions.subtotal,
      tax: quoteRevisions.tax,
      total: quoteRevisions.total,
      paymentTerms: quoteRevisions.paymentTerms,
      deliveryTerms: quoteRevisions.deliveryTerms,
      warranty: quoteRevisions.warranty,
      exchangeRate: quoteRevisions.exchangeRate,
      seller: quoteRevisions.seller,
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
      ivaRate: quoteRevisionLines.ivaRate,
    })
    .from(quoteRevisionLines)
    .where(
      inArray(
        quoteRevisionLines.revisionId,
        revisions.map((revision) => revision.id),
      ),
    )
    .orderBy(asc(quoteRevisionLines.id));
  // Without a rate typed by staff, pesos are shown at the rate of the day it was sent
  // (docs/decisions/085-the-bcu-rate.md).
  const dayOfRevision = (revision: { createdAt: Date }) => storeDay(revision.createdAt);
  const rates = await ratesOfDays(
    db,
    revisions.filter((revision) => !revision.exchangeRate).map(dayOfRevision),
  );
  const withLines = revisions.map((revision) => ({
    ...revision,
    lines: lines.filter((line) => line.revisionId === revision.id),
    dayRate: revision.exchangeRate ? null : (rates.get(dayOfRevision(revision)) ?? null),
  }));
  // Newest first: each revision after the first says what changed since the one before it.
  return withLines.map((revision, i) => {
    const previous = withLines[i + 1];
    return { ...revision, changes: previous ? revisionChanges(previous, revision) : null };
  });
}
