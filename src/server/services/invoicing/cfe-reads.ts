// What staff read of an order's fiscal documents: each with its DGI state and what stopped it,
// and the signed XML as the provider returned it
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { cfeNumberText, type CfeKind, type CfeState } from '@shared/cfe';
import { messages } from '@shared/messages';
import type { Executor } from '../../db/client';
import { cfeDocuments } from '../../db/schema';
import { foundOrThrow } from '../infra/found';

export async function documentsOfOrder(db: Executor, orderId: number) {
  const rows = await db
    .select({
      id: cfeDocuments.id,
      kind: cfeDocuments.kind,
      state: cfeDocuments.state,
      serie: cfeDocuments.serie,
      number: cfeDocuments.number,
      total: cfeDocuments.total,
      issuedOn: cfeDocuments.issuedOn,
      lastError: cfeDocuments.lastError,
      dgiReason: cfeDocuments.dgiReason,
      creditsDocumentId: cfeDocuments.creditsDocumentId,
      hasXml: sql<boolean>`${cfeDocuments.signedXml} is not null`,
    })
    .from(cfeDocuments)
    .where(eq(cfeDocuments.orderId, orderId))
    .orderBy(asc(cfeDocuments.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as CfeKind,
    state: row.state as CfeState,
    numberText: cfeNumberText(row.serie, row.number),
  }));
}

/** The signed XML of an issued document, named as the accountant files it. */
export async function signedXmlOf(db: Executor, id: number) {
  const doc = await foundOrThrow(
    db
      .select({
        kind: cfeDocuments.kind,
        serie: cfeDocuments.serie,
        number: cfeDocuments.number,
        xml: cfeDocuments.signedXml,
      })
      .from(cfeDocuments)
      .where(and(eq(cfeDocuments.id, id), isNotNull(cfeDocuments.signedXml))),
    messages.notFound,
  );
  return {
    fileName: `CFE-${doc.kind}-${cfeNumberText(doc.serie, doc.number) || id}.xml`,
    xml: doc.xml!,
  };
}
