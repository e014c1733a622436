// A queued document's draft, built from the store's data as it is when the worker first takes
// it: the order's facts for an invoice, the invoice for a credit note, the dispatch for an
// e-Remito. Once built (and before anything is sent) it is fixed on the row: a retry sends the
// same document under the same key.
import { and, eq, ne, notInArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { cfeDocuments } from '../../db/schema';
import { getStoreIssuer } from '../store/invoicing-settings';
import { invoiceDraft } from './cfe-draft';
import { CfeDataError } from './cfe-errors';
import { orderFacts } from './cfe-facts';
import type { IssuerSettings } from './cfe-issuer';
import { checkIssuer } from './cfe-issuer';
import type { CfeDraft, SaleDraft } from './cfe-types';
import { creditNoteDraft, type CreditLine } from './credit-note-draft';
import { type DispatchFacts, remitoDraft } from './remito-draft';

export type CfeDocumentRow = typeof cfeDocuments.$inferSelect;

export async function issuerSettings(tx: Executor, config: Config): Promise<IssuerSettings> {
  return getStoreIssuer(tx, config);
}

/** The invoice a credit note refers to, once the provider numbered it. */
export async function creditedInvoice(tx: Executor, note: CfeDocumentRow) {
  const [invoice] = await tx
    .select()
    .from(cfeDocuments)
    .where(eq(cfeDocuments.id, note.creditsDocumentId!));
  return invoice;
}

/** Units of each invoice line already credited by its other notes that still count. */
export async function creditedUnits(tx: Executor, invoiceId: number, exceptId: number) {
  const notes = await tx
    .select({ draft: cfeDocuments.draft, creditLines: cfeDocuments.creditLines })
    .from(cfeDocuments)
    .where(
      and(
        eq(cfeDocuments.creditsDocumentId, invoiceId),
        ne(cfeDocuments.id, exceptId),
        notInArray(cfeDocuments.state, ['rejected', 'cancelled']),
      ),
    );
  const invoice = await tx
    .select({ draft: cfeDocuments.draft })
    .from(cfeDocuments)
    .where(eq(cfeDocuments.id, invoiceId));
  const sold = (invoice[0]?.draft as SaleDraft | null)?.lines ?? [];
  const credited = new Map<number, number>();
  const add = (line: number, quantity: number) =>
    credited.set(line, (credited.get(line) ?? 0) + quantity);
  for (const note of notes) {
    // A whole-invoice note takes everything; a partial one its lines.
    const lines: CreditLine[] =
      note.creditLines ??
      sold.map((line) => ({ line: line.number, quantity: Number(line.quantity.split('.')[0]) }));
    for (const credit of lines) add(credit.line, credit.quantity);
  }
  return credited;
}

/** The draft of `doc`; throws CfeDataError naming what is missing. */
export async function buildDraft(
  tx: Executor,
  doc: CfeDocumentRow,
  options: { config: Config; day: string },
): Promise<CfeDraft> {
  const settings = await issuerSettings(tx, options.config);
  const common = { settings, issuedOn: options.day, internalNumber: doc.idempotencyKey };
  if (doc.kind === 181) {
    return remitoDraft({ ...common, dispatch: doc.dispatch as DispatchFacts });
  }
  if (doc.kind === 101 || doc.kind === 111) {
    const facts = await orderFacts(tx, doc.orderId, {
      day: options.day,
      fallbackRate: options.config.CFE_EXCHANGE_RATE,
      buyerDocument: doc.buyerDocument,
    });
    if (!facts) throw new CfeDataError('Pedido no encontrado');
    return invoiceDraft({ ...common, facts });
  }
  const invoice = await creditedInvoice(tx, doc);
  const facts = await orderFacts(tx, doc.orderId, {
    day: options.day,
    fallbackRate: options.config.CFE_EXCHANGE_RATE,
    buyerDocument: null,
  });
  return creditNoteDraft({
    invoice: {
      draft: invoice!.draft as SaleDraft,
      serie: invoice!.serie!,
      number: invoice!.number!,
      issuedOn: invoice!.issuedOn!,
    },
    credited: await creditedUnits(tx, invoice!.id, doc.id),
    lines: doc.creditLines,
    reason: doc.reason ?? 'Anulación',
    issuer: checkIssuer(settings),
    issuedOn: options.day,
    internalNumber: doc.idempotencyKey,
    exchangeRate: facts?.exchangeRate ?? null,
  });
}
