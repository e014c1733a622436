// When documents are queued: in the transaction that decides them, as rows of cfe_documents
// the CFE worker sends after the commit (docs/decisions/087-cfe-documents-as-jobs.md). An order
// entering Concretado queues its invoice (when the store invoices on acceptance); leaving it
// cancels an invoice never sent, or queues the credit note of one that was.
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { CONCLUDED_STATUS } from '@shared/order-status';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { cfeDocuments, orders, storeProfile } from '../../db/schema';
import { dispatchFactsOf } from './dispatch-facts';
import type { DispatchFacts } from './remito-draft';

/**
 * When a queued document is due: at once, whatever 'now' the worker's clock reads. The epoch,
 * rather than the database's now(), which the worker would read as not due yet whenever its
 * clock (a test's, moved back) is behind the database's.
 */
export const DUE_AT_ONCE = new Date(0);

/** The sales documents of an order (its invoice) and what is no longer one. */
const SALE_KINDS = [101, 111];
const DEAD_STATES = ['rejected', 'cancelled'];

/** When the store issues its invoices ('Datos de la empresa'); on acceptance until saved. */
export async function invoiceMoment(tx: Executor): Promise<'acceptance' | 'dispatch'> {
  const [row] = await tx.select({ invoiceOn: storeProfile.invoiceOn }).from(storeProfile).limit(1);
  return row?.invoiceOn ?? 'acceptance';
}

/**
 * The order's invoice that still counts: not rejected nor cancelled, and not fully credited
 * by notes that are not rejected or cancelled themselves.
 */
export async function liveInvoiceOf(tx: Executor, orderId: number) {
  const [row] = await queryRows<{ id: number; state: string; attempts: number; kind: number }>(
    tx,
    sql`select d.id, d.state, d.attempts, d.kind from cfe_documents d
        where d.order_id = ${orderId} and d.kind in (101, 111)
          and d.state not in ('rejected', 'cancelled')
          and not exists (
            select 1 from cfe_documents n
            where n.credits_document_id = d.id and n.credit_lines is null
              and n.state not in ('rejected', 'cancelled'))
        order by d.id desc limit 1`,
  );
  return row;
}

/** Queues the order's invoice unless one already counts: e-Factura with a RUT, else e-Ticket. */
export async function queueInvoice(tx: Executor, orderId: number) {
  if (await liveInvoiceOf(tx, orderId)) return;
  const [order] = await tx
    .select({ rut: orders.rut, companyName: orders.companyName })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  await tx.insert(cfeDocuments).values({
    orderId,
    kind: order.rut && order.companyName ? 111 : 101,
    nextAttemptAt: DUE_AT_ONCE,
  });
}

/** The reason printed on the credit note of an order that left Concretado. */
const creditReasonFor = (status: string) => `Pedido pasado a ${status}`;

/**
 * The order no longer stands as sold: an invoice never sent is cancelled; one that was sent
 * (or may have been: an attempt went out) gets a credit note for all that is left of it.
 */
export async function undoInvoice(tx: Executor, orderId: number, status: string) {
  const invoice = await liveInvoiceOf(tx, orderId);
  if (!invoice) return;
  const isUnsent =
    invoice.state === 'needs_data' || (invoice.state === 'queued' && invoice.attempts === 0);
  if (isUnsent) {
    await tx
      .update(cfeDocuments)
      .set({ state: 'cancelled', nextAttemptAt: null, lastError: null })
      .where(eq(cfeDocuments.id, invoice.id));
    return;
  }
  await tx.insert(cfeDocuments).values({
    orderId,
    kind: invoice.kind === 111 ? 112 : 102,
    creditsDocumentId: invoice.id,
    reason: creditReasonFor(status),
    nextAttemptAt: DUE_AT_ONCE,
  });
}

/**
 * Called by every status change of an order (services/orders/order-status.ts
 * applyStatusChange), inside its transaction: entering Concretado queues the invoice when the
 * store invoices on acceptance; leaving it undoes the invoice.
 */
export async function onOrderStatusChange(tx: Executor, orderId: number, from: string, to: string) {
  if (to === CONCLUDED_STATUS && from !== CONCLUDED_STATUS) {
    if ((await invoiceMoment(tx)) === 'acceptance') await queueInvoice(tx, orderId);
  } else if (from === CONCLUDED_STATUS && to !== CONCLUDED_STATUS) {
    await undoInvoice(tx, orderId, to);
  }
}

/** Queues the e-Remito of one dispatch, once per dispatch. */
export async function queueRemito(tx: Executor, dispatch: DispatchFacts) {
  const [existing] = await tx
    .select({ id: cfeDocuments.id })
    .from(cfeDocuments)
    .where(
      and(
        eq(cfeDocuments.dispatchRef, dispatch.dispatchRef),
        notInArray(cfeDocuments.state, DEAD_STATES),
      ),
    );
  if (existing) return existing.id;
  const [row] = await tx
    .insert(cfeDocuments)
    .values({
      orderId: dispatch.orderId,
      kind: 181,
      dispatchRef: dispatch.dispatchRef,
      dispatch,
      nextAttemptAt: DUE_AT_ONCE,
    })
    .returning({ id: cfeDocuments.id });
  return row!.id;
}

/**
 * In the transaction that records a dispatch, before the goods move (an e-Remito must reach DGI
 * first): queues the dispatch's e-Remito and, when the store invoices on dispatch, the order's
 * invoice.
 */
export async function onDispatchRecorded(tx: Executor, dispatchId: number) {
  const facts = await dispatchFactsOf(tx, dispatchId);
  if (!facts) return undefined;
  const id = await queueRemito(tx, facts);
  if ((await invoiceMoment(tx)) === 'dispatch') await queueInvoice(tx, facts.orderId);
  return id;
}

/** Documents of `orderId` still waiting to be issued, for 'Factura pendiente'. */
export async function unissuedInvoices(tx: Executor, orderId: number) {
  return tx
    .select({ id: cfeDocuments.id })
    .from(cfeDocuments)
    .where(
      and(
        eq(cfeDocuments.orderId, orderId),
        inArray(cfeDocuments.kind, SALE_KINDS),
        inArray(cfeDocuments.state, ['queued', 'needs_data']),
        isNull(cfeDocuments.serie),
      ),
    );
}
