// One interface for every certified provider ('proveedor habilitado'): issue a document under
// an idempotency key, ask for its status by that key, fetch its signed XML. The store checks
// and builds the draft; the provider numbers it, signs it, sends it to DGI and answers with
// what the printed document shows (docs/decisions/086-invoices-through-a-certified-provider.md).
import type { CfeAssigned, CfeDraft } from './cfe-types';

/** What a provider answers about one document. */
export type ProviderAnswer = {
  /** Signed and sent, DGI not heard yet; or DGI's verdict. */
  state: 'pending_dgi' | 'accepted' | 'rejected';
  assigned: CfeAssigned;
  /**
   * The first 6 characters of the document's hash, printed under the QR; null when this answer
   * does not carry the hash (Biller gives it only when it issues): the one recorded stays.
   */
  securityCode: string | null;
  /** DGI's verification address of this document, the QR's content; null as securityCode. */
  qrUrl: string | null;
  /** The signed CFE as DGI keeps it; null when the provider sends it later. */
  signedXml: string | null;
  /** DGI's reason for a rejection. */
  dgiReason: string | null;
};

export type CfeProviderName = 'simulado' | 'biller';

export interface CfeProvider {
  readonly name: CfeProviderName;
  /**
   * Numbers, signs and sends `draft`. The same `key` twice answers the first document: a
   * provider never issues two for one key. Throws ProviderUnavailableError (retry later) or
   * ProviderRefusedError (the request itself is wrong).
   */
  issue(draft: CfeDraft, key: string): Promise<ProviderAnswer>;
  /** The document issued under `key`, with DGI's answer so far; null if none was issued. */
  status(key: string): Promise<ProviderAnswer | null>;
  /** The signed XML of the document issued under `key`, once the provider has it. */
  signedDocument(key: string): Promise<string | null>;
}

/** 'dd/mm/yyyy' of a CFE's signing day, as DGI's QR carries it. */
export const qrDate = (signedAt: string) => {
  const [year, month, day] = signedAt.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

/** DGI's verification address of a CFE (printed representation, CFE v24): the QR's content. */
export function dgiQrUrl(options: {
  isTest: boolean;
  rut: string;
  kind: number;
  serie: string;
  number: number;
  amount: string;
  signedAt: string;
  hash: string;
}) {
  const base = `https://www.efactura.dgi.gub.uy/${options.isTest ? 'consultaQRPrueba' : 'consultaQR'}/cfe`;
  const parts = [
    options.rut,
    options.kind,
    options.serie,
    options.number,
    options.amount,
    qrDate(options.signedAt),
    encodeURIComponent(options.hash),
  ];
  return `${base}?${parts.join(',')}`;
}

/** An instant as TmstFirma writes it: Montevideo's time with its offset (UTC-3 all year). */
export function montevideoTimestamp(instant: Date) {
  const local = new Date(instant.getTime() - 3 * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}
