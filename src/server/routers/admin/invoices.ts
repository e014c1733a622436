import {
  cfeCreditNoteInputSchema,
  cfeIdInputSchema,
  cfeListInputSchema,
  cfeOrderInputSchema,
  cfeRetryInputSchema,
} from '@shared/schemas/cfe';
import { documentsOfOrder, signedXmlOf } from '../../services/invoicing/cfe-reads';
import { countPendingDocuments, listCfeDocuments } from '../../services/invoicing/cfe-list';
import {
  reissueDocument,
  requestCreditNote,
  retryDocument,
} from '../../services/invoicing/cfe-actions';
import { adminProcedure, router } from '../../trpc/init';

/**
 * Staff's actions on the fiscal documents (services/invoicing/cfe-actions.ts): each queues a
 * job for the CFE worker and never waits for the provider
 * (docs/decisions/087-cfe-documents-as-jobs.md).
 */
export const adminInvoicesRouter = router({
  /** 'Comprobantes': every document, newest first, filtered and paged. */
  list: adminProcedure
    .input(cfeListInputSchema)
    .query(({ ctx, input }) => listCfeDocuments(ctx.db, input)),
  /** 'Facturas pendientes' on the dashboard home: documents not issued yet. */
  pending: adminProcedure.query(({ ctx }) => countPendingDocuments(ctx.db)),
  ofOrder: adminProcedure
    .input(cfeOrderInputSchema)
    .query(({ ctx, input }) => documentsOfOrder(ctx.db, input.orderId)),
  signedXml: adminProcedure
    .input(cfeIdInputSchema)
    .query(({ ctx, input }) => signedXmlOf(ctx.db, input.id)),
  retry: adminProcedure
    .input(cfeRetryInputSchema)
    .mutation(({ ctx, input }) => retryDocument(ctx.db, input)),
  reissue: adminProcedure
    .input(cfeIdInputSchema)
    .mutation(({ ctx, input }) => reissueDocument(ctx.db, input.id)),
  creditNote: adminProcedure
    .input(cfeCreditNoteInputSchema)
    .mutation(({ ctx, input }) => requestCreditNote(ctx.db, ctx.config, input)),
});
