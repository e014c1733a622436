// What the printed CFE shows (pdf/cfe-pdf.ts): only a document DGI accepted, and only what was
// signed — the draft fixed on its row before the first send (what cfe-xml.ts wrote and the
// provider signed) and the provider's answer (serie, number, CAE, security code, QR address).
// Nothing is read again from the order, the company or the store's settings, which may have
// changed since; only the store's logo and its address are today's, as on the other PDFs
// (docs/decisions/095-the-printed-cfe.md, 097-e-ticket-verification.md).
import { and, asc, eq } from 'drizzle-orm';
import { CFE_VERIFY_PATH, cfeNumberText, type CfeKind } from '@shared/cfe';
import { absoluteUrl, type Config } from '../../config';
import type { Executor } from '../../db/client';
import { cfeDocuments } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { getStoreProfile, storeLogoPng } from '../store/store-profile';
import type { CfeDraft } from './cfe-types';

export type CfePrintDeps = { db: Executor; config: Config; storage: Storage };

const printedColumns = {
  id: cfeDocuments.id,
  orderId: cfeDocuments.orderId,
  kind: cfeDocuments.kind,
  provider: cfeDocuments.provider,
  draft: cfeDocuments.draft,
  serie: cfeDocuments.serie,
  number: cfeDocuments.number,
  signedAt: cfeDocuments.signedAt,
  caeId: cfeDocuments.caeId,
  caeFrom: cfeDocuments.caeFrom,
  caeTo: cfeDocuments.caeTo,
  caeExpiresOn: cfeDocuments.caeExpiresOn,
  securityCode: cfeDocuments.securityCode,
  qrUrl: cfeDocuments.qrUrl,
};

/** The document `documentId` (of order `orderId` when given), if DGI accepted it; every kind prints. */
export async function loadCfePrint(
  deps: CfePrintDeps,
  which: { documentId: number; orderId?: number },
) {
  const [row] = await deps.db
    .select(printedColumns)
    .from(cfeDocuments)
    .where(
      and(
        eq(cfeDocuments.id, which.documentId),
        which.orderId === undefined ? undefined : eq(cfeDocuments.orderId, which.orderId),
        eq(cfeDocuments.state, 'accepted'),
      ),
    );
  if (
    !row?.draft ||
    !row.serie ||
    !row.number ||
    !row.signedAt ||
    !row.caeId ||
    row.caeFrom === null ||
    row.caeTo === null ||
    !row.caeExpiresOn ||
    !row.securityCode ||
    !row.qrUrl
  ) {
    return undefined;
  }
  const store = await getStoreProfile(deps.db, deps.config);
  return {
    id: row.id,
    orderId: row.orderId,
    draft: row.draft as CfeDraft,
    serie: row.serie,
    number: row.number,
    signedAt: row.signedAt,
    cae: { id: row.caeId, from: row.caeFrom, to: row.caeTo, expiresOn: row.caeExpiresOn },
    securityCode: row.securityCode,
    qrUrl: row.qrUrl,
    /** The simulated provider's documents have no fiscal value, and say so (decision 086). */
    isTest: row.provider === 'simulado',
    logo: await storeLogoPng(deps.storage, store.logoUrl),
    /**
     * The store's own verification page, which an e-Ticket and its credit note print instead
     * of DGI's address (docs/decisions/097-e-ticket-verification.md).
     */
    storeVerifyUrl: absoluteUrl(deps.config, CFE_VERIFY_PATH),
  };
}

export type CfePrint = NonNullable<Awaited<ReturnType<typeof loadCfePrint>>>;

/** 'e-Factura-A-12.pdf': the file a buyer keeps. */
export const cfePdfFileName = (print: { draft: CfeDraft; serie: string; number: number }) =>
  `${cfeFileKind(print.draft.kind)}-${cfeNumberText(print.serie, print.number)}.pdf`;

const FILE_KINDS: Record<CfeKind, string> = {
  101: 'e-Ticket',
  102: 'nota-de-credito-e-Ticket',
  111: 'e-Factura',
  112: 'nota-de-credito-e-Factura',
  181: 'e-Remito',
};
const cfeFileKind = (kind: CfeKind) => FILE_KINDS[kind];

/** The documents of an order DGI accepted, as its buyer downloads them. */
export async function acceptedDocumentsOfOrder(db: Executor, orderId: number) {
  const rows = await db
    .select({
      id: cfeDocuments.id,
      kind: cfeDocuments.kind,
      serie: cfeDocuments.serie,
      number: cfeDocuments.number,
      issuedOn: cfeDocuments.issuedOn,
      total: cfeDocuments.total,
    })
    .from(cfeDocuments)
    .where(and(eq(cfeDocuments.orderId, orderId), eq(cfeDocuments.state, 'accepted')))
    .orderBy(asc(cfeDocuments.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as CfeKind,
    numberText: cfeNumberText(row.serie, row.number),
  }));
}
