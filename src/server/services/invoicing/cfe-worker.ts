// The CFE worker: takes each document whose next step is due, under a lease (SKIP LOCKED, as
// the outbox does), and does that step: build and send a queued document, or ask the provider
// for DGI's answer to a sent one. A failure to reach the provider retries with back-off; data
// DGI would refuse stops the document for staff ('Faltan datos'); a retry first asks the
// provider by the document's key, so a crash between sending and recording never issues a
// second document (docs/decisions/087-cfe-documents-as-jobs.md).
import { and, eq, sql } from 'drizzle-orm';
import { storeDay } from '@shared/format';
import { cfeMessages } from '@shared/cfe-messages';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/queries';
import { cfeDocuments, customers, orders, users } from '../../db/schema';
import { cfeMails } from '../../mail/cfe-mails';
import { queueMail } from '../../mail/order-mails';
import type { StoreIdentity } from '../../mail/store-identity';
import { buildDraft, type CfeDocumentRow, creditedInvoice } from './cfe-build';
import { CfeDataError, ProviderRefusedError, ProviderUnavailableError } from './cfe-errors';
import type { CfeDraft, CfeKind } from './cfe-types';
import type { CfeProvider, ProviderAnswer } from './provider';

export type CfeWorkerDeps = {
  db: Database;
  clock: Clock;
  config: Config;
  cfeProvider: CfeProvider;
  storeIdentity: () => Promise<StoreIdentity>;
};

export type CfeWorkerLog = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

/** A worker holds a document this long; a call to the provider is cut well before. */
export const CFE_LEASE_MS = 120_000;
const CALL_TIMEOUT_MS = 30_000;
const MINUTE_MS = 60_000;

/** 5 s, 10 s, 20 s … up to 10 minutes between attempts to reach the provider. */
export const cfeRetryDelayMs = (attempts: number) =>
  Math.min(5_000 * 2 ** Math.max(attempts - 1, 0), 10 * MINUTE_MS);
/** DGI's answer is asked for after 5 s, then less and less often, up to every 10 minutes. */
const pollDelayMs = (polls: number) => Math.min(5_000 * 2 ** polls, 10 * MINUTE_MS);
/** A credit note waits this long between looks at whether its invoice has a number. */
const WAIT_FOR_INVOICE_MS = 30_000;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * Takes the document due first (its next step's time passed and no live lease), for
 * CFE_LEASE_MS. The claim counts the attempt, and that count identifies the claim when its
 * outcome is written.
 */
export async function claimDueDocument(
  db: Executor,
  now: Date,
): Promise<CfeDocumentRow | undefined> {
  // Instants go as ISO text: postgres-js binds no Date in a raw statement.
  const at = now.toISOString();
  const leaseEnd = later(now, CFE_LEASE_MS).toISOString();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update cfe_documents
        set locked_until = ${leaseEnd}::timestamptz, attempts = attempts + 1
        where id = (select id from cfe_documents
                    where next_attempt_at <= ${at}::timestamptz
                      and (locked_until is null or locked_until <= ${at}::timestamptz)
                    order by next_attempt_at, id limit 1 for update skip locked)
        returning id`,
  );
  if (!row) return undefined;
  const [doc] = await db.select().from(cfeDocuments).where(eq(cfeDocuments.id, row.id));
  return doc;
}

/** The outcome is written only while the claim is still ours. */
const sameClaim = (doc: CfeDocumentRow) =>
  and(eq(cfeDocuments.id, doc.id), eq(cfeDocuments.attempts, doc.attempts));

function timed<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProviderUnavailableError('el proveedor no respondió a tiempo')),
      CALL_TIMEOUT_MS,
    );
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/** The buyer's address, or none for an order whose account was deleted. */
async function buyerEmail(tx: Executor, orderId: number) {
  const [row] = await tx
    .select({ email: users.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(orders.id, orderId));
  return row?.email;
}

export function createCfeWorker(deps: CfeWorkerDeps, log?: CfeWorkerLog) {
  const { db, clock, cfeProvider: provider } = deps;

  async function update(doc: CfeDocumentRow, values: Partial<CfeDocumentRow>, tx: Executor = db) {
    const rows = await tx
      .update(cfeDocuments)
      .set({ lockedUntil: null, ...values })
      .where(sameClaim(doc))
      .returning({ id: cfeDocuments.id });
    return rows.length > 0;
  }

  /** Not reached: try again later, the state unchanged. */
  async function retryLater(doc: CfeDocumentRow, error: unknown) {
    log?.info(
      { err: error, documentId: doc.id, attempts: doc.attempts },
      'CFE provider unreachable',
    );
    await update(doc, {
      lastError: cfeMessages.cfeProviderUnavailable,
      nextAttemptAt: later(clock.now(), cfeRetryDelayMs(doc.attempts)),
    });
  }

  /** Stopped for staff: the sentence names what to fix; nothing more happens until they retry. */
  const needsData = (doc: CfeDocumentRow, message: string) =>
    update(doc, { state: 'needs_data', lastError: message, nextAttemptAt: null, attempts: 0 });

  /** The provider's answer on the row; the buyer's mail once DGI accepted a sale or a note. */
  async function record(doc: CfeDocumentRow, answer: ProviderAnswer) {
    const now = clock.now();
    const isPending = answer.state === 'pending_dgi';
    // Read before the transaction: it asks the database on its own connection, which an open
    // transaction on a one-connection database (PGlite) would wait for forever.
    const store = await deps.storeIdentity();
    await db.transaction(async (tx) => {
      const isOurs = await update(
        doc,
        {
          state: answer.state,
          serie: answer.assigned.serie,
          number: answer.assigned.number,
          signedAt: new Date(answer.assigned.signedAt),
          caeId: answer.assigned.cae.id,
          caeFrom: answer.assigned.cae.from,
          caeTo: answer.assigned.cae.to,
          caeExpiresOn: answer.assigned.cae.expiresOn,
          // A later answer without the hash (Biller's status) keeps the one recorded at issue.
          securityCode: answer.securityCode ?? doc.securityCode,
          qrUrl: answer.qrUrl ?? doc.qrUrl,
          ...(answer.signedXml ? { signedXml: answer.signedXml } : {}),
          dgiReason: answer.dgiReason,
          lastError: null,
          attempts: 0,
          nextAttemptAt: isPending ? later(now, pollDelayMs(0)) : null,
        },
        tx,
      );
      if (!isOurs || answer.state !== 'accepted' || doc.kind === 181 || doc.mailedAt) return;
      const to = await buyerEmail(tx, doc.orderId);
      if (!to) return;
      const [saved] = await tx
        .select({ total: cfeDocuments.total })
        .from(cfeDocuments)
        .where(eq(cfeDocuments.id, doc.id));
      await queueMail(
        tx,
        cfeMails(store).documentToCustomer(to, {
          documentId: doc.id,
          orderId: doc.orderId,
          kind: doc.kind as CfeKind,
          serie: answer.assigned.serie,
          number: answer.assigned.number,
          total: saved?.total ?? '0',
        }),
      );
      await tx.update(cfeDocuments).set({ mailedAt: now }).where(eq(cfeDocuments.id, doc.id));
    });
  }

  /** Builds the draft once, before the first send, and fixes it on the row. */
  async function draftOf(doc: CfeDocumentRow): Promise<CfeDraft | undefined> {
    if (doc.draft) return doc.draft as CfeDraft;
    const draft = await buildDraft(db, doc, { config: deps.config, day: storeDay(clock.now()) });
    const totals = draft.kind === 181 ? null : draft.totals;
    const saved = await update(doc, {
      draft,
      kind: draft.kind,
      issuedOn: draft.issuedOn,
      total: totals?.toPay ?? null,
      currency: draft.kind === 181 ? null : draft.currency,
      exchangeRate: draft.kind === 181 ? null : draft.exchangeRate,
      provider: provider.name,
      // Still ours: the lease goes on while it is sent.
      lockedUntil: doc.lockedUntil,
    });
    return saved ? draft : undefined;
  }

  async function send(doc: CfeDocumentRow) {
    if (doc.creditsDocumentId !== null) {
      const invoice = await creditedInvoice(db, doc);
      if (!invoice || invoice.state === 'rejected' || invoice.state === 'cancelled') {
        // A rejected invoice was annulled by DGI: nothing to credit.
        await update(doc, { state: 'cancelled', nextAttemptAt: null });
        return;
      }
      if (invoice.number === null) {
        // Waiting for the invoice's number, which is no attempt of its own.
        await update(doc, {
          attempts: doc.attempts - 1,
          nextAttemptAt: later(clock.now(), WAIT_FOR_INVOICE_MS),
        });
        return;
      }
    }
    let draft: CfeDraft | undefined;
    try {
      draft = await draftOf(doc);
    } catch (error) {
      if (!(error instanceof CfeDataError)) throw error;
      await needsData(doc, error.message);
      return;
    }
    if (!draft) return;
    try {
      // A retry asks first: the last attempt may have reached the provider before it failed.
      const known = doc.attempts > 1 ? await timed(provider.status(doc.idempotencyKey)) : null;
      await record(doc, known ?? (await timed(provider.issue(draft, doc.idempotencyKey))));
    } catch (error) {
      if (error instanceof ProviderRefusedError) await needsData(doc, error.message);
      else await retryLater(doc, error);
    }
  }

  async function poll(doc: CfeDocumentRow) {
    try {
      const answer = await timed(provider.status(doc.idempotencyKey));
      if (!answer) throw new ProviderUnavailableError('el proveedor no encuentra el comprobante');
      if (answer.state === 'pending_dgi') {
        await update(doc, { nextAttemptAt: later(clock.now(), pollDelayMs(doc.attempts)) });
        return;
      }
      const signedXml =
        answer.signedXml ??
        doc.signedXml ??
        (await timed(provider.signedDocument(doc.idempotencyKey)));
      await record(doc, { ...answer, signedXml });
    } catch (error) {
      await retryLater(doc, error);
    }
  }

  /** Does every step due now; answers how many it took. */
  async function runDue(max = 100): Promise<number> {
    let handled = 0;
    while (handled < max) {
      const doc = await claimDueDocument(db, clock.now());
      if (!doc) break;
      handled++;
      try {
        if (doc.state === 'pending_dgi') await poll(doc);
        else if (doc.state === 'queued') await send(doc);
        else await update(doc, { nextAttemptAt: null });
      } catch (error) {
        // A fault of ours (the database, a bug): logged, and the document tried again later.
        log?.error({ err: error, documentId: doc.id }, 'CFE document step failed');
        await retryLater(doc, error).catch(() => undefined);
      }
    }
    return handled;
  }

  return { runDue };
}
