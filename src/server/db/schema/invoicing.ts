// The store's fiscal documents (CFE) and the job each one is: a row is queued in the
// transaction that decides it (an accepted or cancelled order, a dispatch, staff's credit
// note), then the CFE worker sends it to the provider, records its answer and polls DGI's
// (docs/decisions/086-invoices-through-a-certified-provider.md, 087-cfe-documents-as-jobs.md).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { date, integer, jsonb, numeric, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestampColumns } from './columns';
import { orders } from './orders';

export const cfeDocuments = pgTable(
  'cfe_documents',
  {
    id: serial('id').primaryKey(),
    // A fiscal document outlives nothing it documents: its order cannot be deleted.
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** DGI's type: 101 e-Ticket, 102 its credit note, 111 e-Factura, 112 its note, 181 e-Remito. */
    kind: integer('kind').notNull(),
    /** shared/cfe.ts CFE_STATES. */
    state: text('state').notNull().default('queued'),
    // Sent with every request about this document (UCFE's Uuid, the NroInterno): the provider
    // answers a repeat with the document it already issued, never a second one.
    idempotencyKey: uuid('idempotency_key').notNull().unique().defaultRandom(),
    /** The provider it was sent to ('simulado'), set on the first attempt. */
    provider: text('provider'),
    /** An e-Remito's dispatch (services/invoicing/remitos.ts): one document per dispatch. */
    dispatchRef: text('dispatch_ref'),
    /** The dispatch as fulfilment handed it over (remito-draft.ts DispatchFacts). */
    dispatch: jsonb('dispatch'),
    /** A credit note's invoice. */
    creditsDocumentId: integer('credits_document_id').references(
      (): AnyPgColumn => cfeDocuments.id,
      { onDelete: 'restrict' },
    ),
    /** A credit note's lines as [{ line, quantity }]; null credits the whole invoice. */
    creditLines: jsonb('credit_lines').$type<{ line: number; quantity: number }[]>(),
    /** Why a credit note is issued (RazonRef). */
    reason: text('reason'),
    /** The document issued again in place of this rejected one. */
    replacesDocumentId: integer('replaces_document_id')
      .unique()
      .references((): AnyPgColumn => cfeDocuments.id, { onDelete: 'restrict' }),
    /** The buyer's cédula staff gave for an e-Ticket above DGI's threshold. */
    buyerDocument: text('buyer_document'),
    /** The checked draft (services/invoicing/cfe-types.ts), fixed before the first send. */
    draft: jsonb('draft'),
    // The provider's answer: numbering, signing time, CAE, DGI's hash (its first six
    // characters are the printed security code), the QR's address and the signed XML.
    serie: text('serie'),
    number: integer('number'),
    issuedOn: date('issued_on', { mode: 'string' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    caeId: text('cae_id'),
    caeFrom: integer('cae_from'),
    caeTo: integer('cae_to'),
    caeExpiresOn: date('cae_expires_on', { mode: 'string' }),
    securityCode: text('security_code'),
    qrUrl: text('qr_url'),
    signedXml: text('signed_xml'),
    /** MntPagar in `currency` (null for an e-Remito), for the list and the CSV. */
    total: numeric('total', { precision: 14, scale: 2 }),
    currency: text('currency'),
    exchangeRate: numeric('exchange_rate', { precision: 8, scale: 3 }),
    /** DGI's reason for a rejection. */
    dgiReason: text('dgi_reason'),
    /** What staff read while it waits: the missing data, or why the last attempt failed. */
    lastError: text('last_error'),
    // The job: attempts so far, when the next step is due (null: nothing to do) and the lease
    // of the worker running it.
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the buyer's mail with the printed document was queued (once). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    ...timestampColumns,
  },
  (t) => [
    index('cfe_documents_order_id_idx').on(t.orderId),
    index('cfe_documents_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('cfe_documents_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    index('cfe_documents_credits_idx').on(t.creditsDocumentId),
    uniqueIndex('cfe_documents_number_unique').on(t.kind, t.serie, t.number),
    uniqueIndex('cfe_documents_dispatch_unique')
      .on(t.dispatchRef)
      .where(sql`${t.dispatchRef} is not null and ${t.state} not in ('rejected', 'cancelled')`),
    check('cfe_documents_kind_check', sql`${t.kind} in (101, 102, 111, 112, 181)`),
    check(
      'cfe_documents_state_check',
      sql`${t.state} in ('queued', 'needs_data', 'pending_dgi', 'accepted', 'rejected', 'cancelled')`,
    ),
  ],
);

/**
 * The simulated provider's own books (services/invoicing/simulated-provider.ts): what it
 * received under each idempotency key, its numbering and DGI's pretend answer. The store never
 * reads it; a real provider keeps the same on its side.
 */
export const cfeSimulatorDocuments = pgTable(
  'cfe_simulator_documents',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    kind: integer('kind').notNull(),
    serie: text('serie').notNull(),
    number: integer('number').notNull(),
    state: text('state').notNull(),
    polls: integer('polls').notNull().default(0),
    rejectReason: text('reject_reason'),
    answer: jsonb('answer').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('cfe_simulator_documents_number_unique').on(t.kind, t.serie, t.number)],
);
