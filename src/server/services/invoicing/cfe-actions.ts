// What staff do with a document from the order's page or 'Comprobantes': retry one stopped for
// data once it is fixed, issue again one DGI rejected (annulled: never retried silently), and
// credit part of an issued invoice (a partial return). Each queues a job; none waits for the
// provider (docs/decisions/087-cfe-documents-as-jobs.md).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { cfeMessages } from '@shared/cfe-messages';
import type { CfeCreditNoteInput } from '@shared/schemas/cfe';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { cfeDocuments } from '../../db/schema';
import { fieldRefusalError } from '../../validation';
import { foundOrThrow } from '../infra/found';
import { creditedUnits, issuerSettings } from './cfe-build';
import { CfeDataError } from './cfe-errors';
import { DUE_AT_ONCE } from './cfe-queue';
import { checkIssuer } from './cfe-issuer';
import type { SaleDraft } from './cfe-types';
import { creditNoteDraft } from './credit-note-draft';

const lockDocument = (tx: Transaction, id: number) =>
  foundOrThrow(
    tx.select().from(cfeDocuments).where(eq(cfeDocuments.id, id)).for('update'),
    cfeMessages.cfeDocumentNotFound,
  );

/** 'Reintentar': a document stopped for data goes back to the queue, built anew. */
export async function retryDocument(db: Database, input: { id: number; buyerDocument?: string }) {
  await db.transaction(async (tx) => {
    const doc = await lockDocument(tx, input.id);
    if (doc.state !== 'needs_data') {
      throw new TRPCError({ code: 'CONFLICT', message: cfeMessages.cfeNotRetryable });
    }
    await tx
      .update(cfeDocuments)
      .set({
        state: 'queued',
        // Nothing was issued from it (the check or the provider refused it): built again from
        // the data as fixed.
        draft: null,
        lastError: null,
        attempts: 0,
        nextAttemptAt: DUE_AT_ONCE,
        ...(input.buyerDocument ? { buyerDocument: input.buyerDocument } : {}),
      })
      .where(eq(cfeDocuments.id, doc.id));
  });
}

/** 'Emitir de nuevo': a new document with a new key, in place of one DGI rejected. */
export async function reissueDocument(db: Database, id: number) {
  return db.transaction(async (tx) => {
    const doc = await lockDocument(tx, id);
    if (doc.state !== 'rejected') {
      throw new TRPCError({ code: 'CONFLICT', message: cfeMessages.cfeNotRejected });
    }
    const [existing] = await tx
      .select({ id: cfeDocuments.id })
      .from(cfeDocuments)
      .where(eq(cfeDocuments.replacesDocumentId, id));
    if (existing)
      throw new TRPCError({ code: 'CONFLICT', message: cfeMessages.cfeAlreadyReissued });
    const [created] = await tx
      .insert(cfeDocuments)
      .values({
        orderId: doc.orderId,
        kind: doc.kind,
        creditsDocumentId: doc.creditsDocumentId,
        creditLines: doc.creditLines,
        reason: doc.reason,
        dispatchRef: doc.dispatchRef,
        dispatch: doc.dispatch,
        buyerDocument: doc.buyerDocument,
        replacesDocumentId: doc.id,
        nextAttemptAt: DUE_AT_ONCE,
      })
      .returning({ id: cfeDocuments.id });
    return { id: created!.id };
  });
}

/**
 * 'Nota de crédito' of an issued e-Factura or e-Ticket: checked now against what is left of
 * each line (a refusal names it), queued for the worker, which builds it again when it sends.
 */
export async function requestCreditNote(db: Database, config: Config, input: CfeCreditNoteInput) {
  return db.transaction(async (tx) => {
    const invoice = await lockDocument(tx, input.id);
    if (invoice.kind !== 101 && invoice.kind !== 111) {
      throw new TRPCError({ code: 'NOT_FOUND', message: cfeMessages.cfeDocumentNotFound });
    }
    if (!['pending_dgi', 'accepted'].includes(invoice.state) || invoice.number === null) {
      throw new TRPCError({ code: 'CONFLICT', message: cfeMessages.cfeInvoiceNotIssued });
    }
    try {
      creditNoteDraft({
        invoice: {
          draft: invoice.draft as SaleDraft,
          serie: invoice.serie!,
          number: invoice.number,
          issuedOn: invoice.issuedOn!,
        },
        credited: await creditedUnits(tx, invoice.id, 0),
        lines: input.lines ?? null,
        reason: input.reason,
        issuer: checkIssuer(await issuerSettings(tx, config)),
        issuedOn: invoice.issuedOn!,
        internalNumber: 'comprobación',
        exchangeRate: invoice.exchangeRate,
      });
    } catch (error) {
      if (error instanceof CfeDataError) throw fieldRefusalError('lines', error.message);
      throw error;
    }
    const [created] = await tx
      .insert(cfeDocuments)
      .values({
        orderId: invoice.orderId,
        kind: invoice.kind === 111 ? 112 : 102,
        creditsDocumentId: invoice.id,
        creditLines: input.lines ?? null,
        reason: input.reason,
        nextAttemptAt: DUE_AT_ONCE,
      })
      .returning({ id: cfeDocuments.id });
    return { id: created!.id };
  });
}
