// 'Verificar comprobante' (/comprobantes/verificar): DGI asks an e-Ticket's printed sentence to
// point to the issuer's own site, where the buyer checks it. A document is found only by its
// serie, number and security code together, among those sent to DGI; the answer holds only what
// the printed document already shows anyone who holds it, never the receiver (a consumer's name,
// cédula or address) (docs/decisions/097-e-ticket-verification.md).
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CFE_KIND_LABELS,
  CFE_VERIFIABLE_STATES,
  CFE_VERIFIED_STATE_LABELS,
  type CfeKind,
  type CfeVerifiableState,
} from '@shared/cfe';
import type { CfeVerifyInput } from '@shared/schemas/cfe-verify';
import type { Executor } from '../../db/client';
import { cfeDocuments } from '../../db/schema';

/** The document the three printed values name, or null: which of them is wrong is not told. */
export async function verifyCfe(db: Executor, input: CfeVerifyInput) {
  const [row] = await db
    .select({
      kind: cfeDocuments.kind,
      state: cfeDocuments.state,
      serie: cfeDocuments.serie,
      number: cfeDocuments.number,
      issuedOn: cfeDocuments.issuedOn,
      // The issuer as signed, not as the store's settings read today.
      issuerName: sql<string | null>`${cfeDocuments.draft} -> 'issuer' ->> 'legalName'`,
      issuerRut: sql<string | null>`${cfeDocuments.draft} -> 'issuer' ->> 'rut'`,
      total: cfeDocuments.total,
      currency: cfeDocuments.currency,
      provider: cfeDocuments.provider,
    })
    .from(cfeDocuments)
    .where(
      and(
        eq(cfeDocuments.serie, input.serie),
        eq(cfeDocuments.number, input.number),
        // Text equality in SQL is exact: 'aB3+x/' is not 'Ab3+X/'.
        eq(cfeDocuments.securityCode, input.code),
        inArray(cfeDocuments.state, [...CFE_VERIFIABLE_STATES]),
      ),
    )
    .limit(1);
  if (!row?.serie || !row.number || !row.issuedOn || !row.issuerName || !row.issuerRut) {
    return null;
  }
  const kind = row.kind as CfeKind;
  const state = row.state as CfeVerifiableState;
  return {
    kind,
    kindLabel: CFE_KIND_LABELS[kind],
    serie: row.serie,
    number: row.number,
    /** FchEmis, a day of Montevideo ('2026-11-29'). */
    issuedOn: row.issuedOn,
    issuer: { legalName: row.issuerName, rut: row.issuerRut },
    /** MntPagar in `currency`; null for an e-Remito, which has no amount. */
    total: row.total,
    currency: row.currency,
    state,
    stateLabel: CFE_VERIFIED_STATE_LABELS[state],
    /** The simulated provider's documents have no fiscal value, and the page says so. */
    isTest: row.provider === 'simulado',
  };
}

export type VerifiedCfe = NonNullable<Awaited<ReturnType<typeof verifyCfe>>>;
