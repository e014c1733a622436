// 'Registrar despacho' (docs/decisions/082-dispatches-and-delivery-notes.md): the units of an
// accepted order leaving now, with their Nota de entrega, in one transaction under the order
// row's lock. Two staff dispatching the same line wait on that lock: the second reads what the
// first left, so more than ordered never leaves. A line quoted without stock takes its units
// from the shop's stock now, refused when there is not enough; the locks follow the one order
// of docs/decisions/048-one-lock-order-for-stock.md (order, products, variants).
import { eq, sql } from 'drizzle-orm';
import { storeDay } from '@shared/format';
import { deliveryNoteNumber, pendingOf } from '@shared/fulfilment';
import {
  dispatchStockShortMessage,
  fulfilmentMessages as text,
  pendingUnitsMessage,
} from '@shared/fulfilment-messages';
import type { SiteSnapshot } from '@shared/delivery';
import type { DispatchInput } from '@shared/schemas/fulfilment';
import type { Database, Transaction } from '../../db/client';
import { queryRows } from '../../db/queries';
import { transactionRetried } from '../../db/transactions';
import { addresses, dispatchLines, dispatches, orders } from '../../db/schema';
import { onDispatchRecorded } from '../invoicing/cfe-queue';
import { fulfilmentMails } from '../../mail/fulfilment-mails';
import { accountEmailOfOrder, queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { lockStockOf } from '../catalog/stock-locks';
import { recordOrderAudit } from '../infra/audit';
import { type AcceptedLine, acceptedLines, lineReference } from './accepted-lines';
import { siteOfRequester, siteSnapshot } from './delivery-sites';
import { lockDispatchableOrder, type LockedOrder, refreshFulfilment } from './fulfilment-state';
import { currentDelivery } from './order-delivery';
import { fieldRefusalError } from '../../validation';

/** Who dispatches, with the store's identity for the mail and 'now' from deps.clock. */
export type FulfilmentActor = { userId: number; store: StoreIdentity; now: Date };

/** The order's free shipping address of before delivery sites (decision 019), as a site. */
async function legacyAddressOf(tx: Transaction, orderId: number): Promise<SiteSnapshot | null> {
  const [row] = await tx
    .select({
      line1: addresses.addressLine1,
      line2: addresses.addressLine2,
      city: addresses.city,
      state: addresses.state,
      postalCode: addresses.postalCode,
    })
    .from(orders)
    .innerJoin(addresses, eq(addresses.id, orders.addressId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    ...siteSnapshot(null),
    street: row.line2 ? `${row.line1}, ${row.line2}` : row.line1,
    locality: row.city,
    departamento: row.state,
    postalCode: row.postalCode,
  };
}

/**
 * Where these goods go: nowhere for a pickup; the site staff picked from the buyer's book;
 * else the order's own delivery site, or its old free address.
 */
async function destinationOf(
  tx: Transaction,
  order: LockedOrder,
  input: DispatchInput,
): Promise<SiteSnapshot> {
  if (input.method === 'pickup') return siteSnapshot(null);
  if (input.siteId) {
    const site = await siteOfRequester(tx, order.customerId, input.siteId);
    if (!site) throw fieldRefusalError('siteId', text.siteNotOurs);
    return siteSnapshot(site);
  }
  const current = await currentDelivery(tx, order.id);
  if (current?.street) {
    const {
      method: _method,
      agency: _a,
      agencyName: _n,
      freightCollect: _f,
      siteId: _s,
      ...site
    } = current;
    return site;
  }
  const legacy = await legacyAddressOf(tx, order.id);
  if (legacy) return legacy;
  throw fieldRefusalError('siteId', text.deliverySiteRequired);
}

/** Each input line with the order's line, refused under its field when it asks too much. */
function plannedLines(lines: AcceptedLine[], input: DispatchInput) {
  const byKey = new Map(lines.map((line) => [line.lineKey, line]));
  return input.lines.flatMap((wanted, index) => {
    if (wanted.quantity === 0) return [];
    const line = byKey.get(wanted.lineKey);
    if (!line) throw fieldRefusalError(`lines.${index}.lineKey`, text.dispatchLineUnknown);
    const pending = pendingOf(line);
    if (wanted.quantity > pending) {
      throw fieldRefusalError(`lines.${index}.quantity`, pendingUnitsMessage(pending));
    }
    return [{ line, quantity: wanted.quantity, index }];
  });
}

type Planned = ReturnType<typeof plannedLines>[number];

/**
 * Back-ordered lines held no stock: they take it now, per variant, with the conditional
 * decrement every stock writer uses. The caller holds the order row; this locks products, then
 * variants. Answers the variants whose stock moved.
 */
async function takeBackorderStock(tx: Transaction, planned: Planned[]) {
  const taking = planned.filter((p) => p.line.isBackorder && p.line.variantId !== null);
  if (taking.length === 0) return new Set<number>();
  const wanted = new Map<number, { units: number; first: Planned }>();
  for (const p of taking) {
    const seen = wanted.get(p.line.variantId!);
    wanted.set(p.line.variantId!, {
      units: (seen?.units ?? 0) + p.quantity,
      first: seen?.first ?? p,
    });
  }
  await lockStockOf(tx, wanted.keys());
  for (const [variantId, { units, first }] of [...wanted].sort(([a], [b]) => a - b)) {
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`update variants set stock = stock - ${units}
          where id = ${variantId} and stock >= ${units} returning id`,
    );
    if (taken.length > 0) continue;
    const [left] = await queryRows<{ stock: number }>(
      tx,
      sql`select stock from variants where id = ${variantId}`,
    );
    throw fieldRefusalError(
      `lines.${first.index}.quantity`,
      dispatchStockShortMessage(first.line.productName, left?.stock ?? 0),
    );
  }
  return new Set(wanted.keys());
}

/**
 * Records a dispatch of a Concretado order: its lines, its note's number (one store-wide
 * sequence), the fulfilment state, the history and activity entry, and the buyer's mail with
 * the note and the tracking number. Answers whether the shop's stock moved.
 */
export async function registerDispatch(db: Database, input: DispatchInput, staff: FulfilmentActor) {
  return transactionRetried(db, async (tx) => {
    const order = await lockDispatchableOrder(tx, input.orderId);
    if (input.dispatchedOn > storeDay(staff.now)) {
      throw fieldRefusalError('dispatchedOn', text.dispatchDateFuture);
    }
    const planned = plannedLines(await acceptedLines(tx, order.id), input);
    const destination = await destinationOf(tx, order, input);
    const tookStock = await takeBackorderStock(tx, planned);
    const [dispatch] = await tx
      .insert(dispatches)
      .values({
        orderId: order.id,
        method: input.method,
        agency: input.agency ?? null,
        agencyName: input.agencyName ?? null,
        freightCollect: input.freightCollect,
        ...destination,
        trackingNumber: input.trackingNumber ?? null,
        dispatchedOn: input.dispatchedOn,
        createdBy: staff.userId,
      })
      .returning({ id: dispatches.id, noteNumber: dispatches.noteNumber });
    const { id, noteNumber } = dispatch!;
    await tx.insert(dispatchLines).values(
      planned.map(({ line, quantity }) => ({
        dispatchId: id,
        orderId: order.id,
        ...lineReference(line),
        variantId: line.variantId,
        productName: line.productName,
        colorName: line.colorName,
        storage: line.storage,
        quantity,
        tookStock: line.isBackorder && line.variantId !== null && tookStock.has(line.variantId),
      })),
    );
    // Its e-Remito (and the invoice, when the store invoices on dispatch) is queued with it.
    await onDispatchRecorded(tx, id);
    const state = await refreshFulfilment(tx, order, staff.now);
    const pendingUnits = state.lines.reduce((sum, line) => sum + pendingOf(line), 0);
    const units = planned.reduce((sum, p) => sum + p.quantity, 0);
    await recordOrderAudit(tx, {
      userId: staff.userId,
      orderId: order.id,
      action: 'dispatch',
      changes: {
        deliveryNote: { before: null, after: deliveryNoteNumber(noteNumber) },
        units: { before: null, after: units },
        ...(input.trackingNumber
          ? { trackingNumber: { before: null, after: input.trackingNumber } }
          : {}),
        fulfilment: { before: state.before, after: state.after },
      },
    });
    await queueMail(
      tx,
      fulfilmentMails(staff.store).dispatchedToCustomer(await accountEmailOfOrder(tx, order.id), {
        id,
        orderId: order.id,
        noteNumber,
        method: input.method,
        agency: input.agency ?? null,
        agencyName: input.agencyName ?? null,
        freightCollect: input.freightCollect,
        ...destination,
        trackingNumber: input.trackingNumber ?? null,
        dispatchedOn: input.dispatchedOn,
        lines: planned.map(({ line, quantity }) => ({ ...line, quantity })),
        pendingUnits,
      }),
    );
    return { id, noteNumber, fulfilmentStatus: state.after, isStockMoved: tookStock.size > 0 };
  });
}
