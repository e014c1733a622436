// The store's fiscal documents (CFE) as people read them: their kinds and their states
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { formatMoney } from './format';

/** e-Ticket, its credit note, e-Factura, its credit note, e-Remito: DGI's codes. */
export const CFE_KINDS = [101, 102, 111, 112, 181] as const;
export type CfeKind = (typeof CFE_KINDS)[number];

/** Words for each kind, as the printed document and staff read it. */
export const CFE_KIND_LABELS: Record<CfeKind, string> = {
  101: 'e-Ticket',
  102: 'Nota de crédito de e-Ticket',
  111: 'e-Factura',
  112: 'Nota de crédito de e-Factura',
  181: 'e-Remito',
};

/**
 * Where a document is: waiting to be sent ('queued'), stopped for data staff must fix
 * ('needs_data'), signed and waiting for DGI ('pending_dgi'), DGI's answer ('accepted',
 * 'rejected': annulled, its number burnt), or never sent because its order left Concretado
 * first ('cancelled').
 */
export const CFE_STATES = [
  'queued',
  'needs_data',
  'pending_dgi',
  'accepted',
  'rejected',
  'cancelled',
] as const;
export type CfeState = (typeof CFE_STATES)[number];

export const CFE_STATE_LABELS: Record<CfeState, string> = {
  queued: 'Por emitir',
  needs_data: 'Faltan datos',
  pending_dgi: 'Pendiente DGI',
  accepted: 'Aceptado',
  rejected: 'Rechazado',
  cancelled: 'No emitido',
};

/** The store's page where anyone checks a printed e-Ticket (DGI: the issuer's own address). */
export const CFE_VERIFY_PATH = '/comprobantes/verificar';

/**
 * The states a document can be verified in on /comprobantes/verificar, in the buyer's words:
 * signed and sent ('pending_dgi') or accepted (docs/decisions/097-e-ticket-verification.md).
 */
export const CFE_VERIFIABLE_STATES = ['accepted', 'pending_dgi'] as const;
export type CfeVerifiableState = (typeof CFE_VERIFIABLE_STATES)[number];
export const CFE_VERIFIED_STATE_LABELS: Record<CfeVerifiableState, string> = {
  accepted: 'Aceptado por DGI',
  pending_dgi: 'Enviado a DGI, a la espera de su respuesta',
};

/** An amount in a document's currency, as the printed CFE shows it: 'US$ 1.083,29' or '$ 1.083,29'. */
export const formatCfeAmount = (amount: string, currency: string) =>
  currency === 'UYU' ? formatMoney(amount).replace('US$', '$') : formatMoney(amount);

/** States in which a document still waits for the store or its staff. */
export const CFE_UNISSUED_STATES: readonly CfeState[] = ['queued', 'needs_data'];

/** What an order shows while its invoice is not issued yet. */
export const INVOICE_PENDING_LABEL = 'Factura pendiente';

/** 'A-1234': serie and number as printed. */
export const cfeNumberText = (serie: string | null, number: number | null) =>
  serie && number ? `${serie}-${number}` : '';

/**
 * The 'Estado DGI' filter of /dashboard/comprobantes: a URL word for each state staff look
 * for, 'pendiente' being every document not issued yet ('Factura pendiente': waiting to be
 * sent, retried while the provider is down, or stopped for data).
 */
export const CFE_STATE_FILTER_VALUES = [
  'pendiente',
  'faltan-datos',
  'pendiente-dgi',
  'aceptado',
  'rechazado',
  'no-emitido',
] as const;
export type CfeStateFilter = (typeof CFE_STATE_FILTER_VALUES)[number];

export const CFE_STATE_FILTERS: Record<CfeStateFilter, readonly CfeState[]> = {
  pendiente: CFE_UNISSUED_STATES,
  'faltan-datos': ['needs_data'],
  'pendiente-dgi': ['pending_dgi'],
  aceptado: ['accepted'],
  rechazado: ['rejected'],
  'no-emitido': ['cancelled'],
};

export const CFE_STATE_FILTER_LABELS: Record<CfeStateFilter, string> = {
  pendiente: INVOICE_PENDING_LABEL,
  'faltan-datos': CFE_STATE_LABELS.needs_data,
  'pendiente-dgi': CFE_STATE_LABELS.pending_dgi,
  aceptado: CFE_STATE_LABELS.accepted,
  rechazado: CFE_STATE_LABELS.rejected,
  'no-emitido': CFE_STATE_LABELS.cancelled,
};

/** The longest text the 'Comprobantes' search takes (a name, a RUT, '#123', 'A-12'). */
export const CFE_SEARCH_MAX = 100;
