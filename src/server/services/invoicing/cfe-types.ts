// The documents the store issues to DGI (CFE, 'comprobante fiscal electrónico') in a shape no
// provider owns: what the store builds and checks from an order, a credit or a dispatch, and
// what each provider's adapter turns into its own request
// (docs/decisions/086-invoices-through-a-certified-provider.md).

import type { CfeKind } from '@shared/cfe';

export type { CfeKind };

/** The credit note of each sales document. */
export const CREDIT_NOTE_OF = { 101: 102, 111: 112 } as const;
export type SaleKind = keyof typeof CREDIT_NOTE_OF;
export const isSaleKind = (kind: number): kind is SaleKind => kind === 101 || kind === 111;
export const isCreditNoteKind = (kind: number) => kind === 102 || kind === 112;

/** DGI's 'indicador de facturación' of a line (CFE v24 B-C4). */
export const IND_FACT = { exento: 1, minima: 2, basica: 3 } as const;
export type IndFact = (typeof IND_FACT)[keyof typeof IND_FACT];

/** DGI's document types of a receiver (CFE v24 A-C60): 2 RUT, 3 cédula de identidad. */
export type ReceiverDocType = 2 | 3;

export type CfeIssuer = {
  rut: string;
  legalName: string;
  branchCode: number;
  fiscalAddress: string;
  city: string;
  department: string;
  /**
   * DGI's resolution admitting the store as issuer ('1234/2023'), printed beside the seal; not
   * part of the XML. Absent from drafts built before the store kept it.
   */
  resolution?: string | null;
};

export type CfeReceiver = {
  docType: ReceiverDocType | null;
  /** The RUT (e-Factura) or the buyer's document (an e-Ticket above DGI's threshold). */
  document: string | null;
  name: string | null;
  address: string | null;
  city: string | null;
  department: string | null;
  /** Where the goods go (an e-Remito's LugarDestEnt). */
  deliveryPlace: string | null;
  /** The buyer's purchase order (OC), CompraID. */
  purchaseOrder: string | null;
};

/** A sales line; amounts are decimal strings ('800.00', unit price with 6 decimals). */
export type CfeLine = {
  number: number;
  /** The store's code of the variant (SKU), sent as CodItem 'INT1'. */
  code: string | null;
  indFact: IndFact;
  name: string;
  description: string | null;
  /** Units, with 3 decimals ('3.000'). */
  quantity: string;
  unitPrice: string;
  discountPercent: string | null;
  discountAmount: string | null;
  amount: string;
};

/** An e-Remito's line: goods without prices. */
export type CfeGoodsLine = {
  number: number;
  code: string | null;
  name: string;
  description: string | null;
  quantity: string;
};

/** Totals split by rate, as CFE v24 zone A-C110..C130 adds them (2 decimals each). */
export type CfeTotals = {
  exempt: string | null;
  netMinimum: string | null;
  netBasic: string | null;
  ivaMinimum: string | null;
  ivaBasic: string | null;
  total: string;
  lineCount: number;
  toPay: string;
};

/** A credit note's line of 'Referencia': the document it corrects. */
export type CfeReference = {
  line: number;
  kind: CfeKind;
  serie: string;
  number: number;
  reason: string;
  issuedOn: string;
};

type DraftCommon = {
  /** NroInterno: the store's own reference of the document (≤ 50 characters). */
  internalNumber: string;
  /** FchEmis, YYYY-MM-DD in Montevideo. */
  issuedOn: string;
  issuer: CfeIssuer;
  receiver: CfeReceiver | null;
};

/** An e-Ticket, e-Factura or one of their credit notes. */
export type SaleDraft = DraftCommon & {
  kind: 101 | 102 | 111 | 112;
  /** FmaPago 1 contado, 2 crédito (with FchVenc). */
  payment: { form: 1 | 2; dueOn: string | null };
  currency: 'USD' | 'UYU';
  /** Pesos per unit of `currency`, 3 decimals; null only for UYU. */
  exchangeRate: string | null;
  lines: CfeLine[];
  totals: CfeTotals;
  references: CfeReference[];
};

/** An e-Remito: the goods of one dispatch (TipoTraslado 1, a sale). */
export type RemitoDraft = DraftCommon & {
  kind: 181;
  lines: CfeGoodsLine[];
  references: CfeReference[];
};

export type CfeDraft = SaleDraft | RemitoDraft;

/** What the provider assigns and signs: numbering, signing time and the CAE. */
export type CfeAssigned = {
  serie: string;
  number: number;
  /** TmstFirma, ISO with Montevideo's offset. */
  signedAt: string;
  cae: { id: string; from: number; to: number; expiresOn: string };
};
