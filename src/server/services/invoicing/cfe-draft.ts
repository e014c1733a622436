// The drafts of the store's documents, built from plain facts (cfe-facts.ts) and checked for
// what DGI's schema does not check: a receiver on every e-Factura, totals that add up (and
// equal the accepted quote's to the cent), DGI's line limits, the issuer's data. A failed
// check is a CfeDataError whose Spanish sentence names the missing data; nothing is sent
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { cfeTooManyLinesMessage, cfeLinePriceMessage, cfeMessages } from '@shared/cfe-messages';
import { IVA_RATES, type IvaRate } from '@shared/iva';
import { parseCents, sameAmount } from '@shared/money';
import { lineAmountCents, quoteTotals } from '@shared/quote-math';
import { isValidRut } from '@shared/rut';
import {
  type CfeIssuer,
  type CfeLine,
  type CfeReceiver,
  type CfeTotals,
  IND_FACT,
  type IndFact,
  type SaleDraft,
} from './cfe-types';
import { CfeDataError } from './cfe-errors';
import type { CfeFactLine, CfeOrderFacts } from './cfe-facts';
import { checkIssuer, cut, FIELD_MAX, type IssuerSettings } from './cfe-issuer';

/** DGI's limits of detail lines (CFE v24 A-C126). */
export const MAX_LINES = { 101: 700, 102: 700, 111: 200, 112: 200, 181: 200 } as const;
/** DGI's threshold above which an e-Ticket must identify its buyer (CFE v24 Tabla E). */
export const ETICKET_THRESHOLD_UI = 5000n;

const INDFACT_RATE: Record<IndFact, IvaRate> = { 1: 'exento', 2: 'minima', 3: 'basica' };

const threeDecimals = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`;
};
/** '6.1234' with `places` decimals as an integer (61234n for 4). */
const decimalUnits = (value: string, places: number) => {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return BigInt(`${whole || '0'}${fraction.padEnd(places, '0').slice(0, places)}`);
};
/**
 * A rate with DGI's 3 decimals (TpoCambio), rounded half up from up to 4; null outside
 * DGI's range (0.001 to 9999.999).
 */
export function roundedRate(value: string): string | null {
  const thousandths = (decimalUnits(value, 4) + 5n) / 10n;
  if (thousandths < 1n || thousandths > 9_999_999n) return null;
  return `${thousandths / 1000n}.${(thousandths % 1000n).toString().padStart(3, '0')}`;
}
export const cents = (value: bigint) =>
  `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;

/** One quote line as a CFE line: the amount as the quote rounded it, the discount shown. */
export function saleLine(line: CfeFactLine, number: number): CfeLine {
  const amount = lineAmountCents(line.unitPrice, line.quantity, line.discountPercent);
  const gross = parseCents(line.unitPrice) * BigInt(line.quantity);
  const hasDiscount = parseCents(line.discountPercent) > 0n;
  const fullName = line.variant ? `${line.name} (${line.variant})` : line.name;
  return {
    number,
    code: line.sku ? cut(line.sku, 35) : null,
    indFact: IND_FACT[line.ivaRate],
    name: cut(line.name, FIELD_MAX.itemName),
    // The name DGI cuts at 80 characters is given whole, with its variant, as the description.
    description: fullName.length > FIELD_MAX.itemName || line.variant ? cut(fullName, 1000) : null,
    quantity: `${line.quantity}.000`,
    unitPrice: `${cents(parseCents(line.unitPrice))}0000`,
    discountPercent: hasDiscount ? threeDecimals(line.discountPercent) : null,
    discountAmount: hasDiscount ? cents(gross - amount) : null,
    amount: cents(amount),
  };
}

/** A CFE line back as the quote's arithmetic reads it (for a credit note of part of it). */
export function lineAmountsOf(line: CfeLine) {
  return {
    unitPrice: cents(parseCents(line.unitPrice)),
    quantity: Number(line.quantity.split('.')[0]),
    discountPercent: line.discountPercent ? cents(parseCents(line.discountPercent)) : '0',
    ivaRate: INDFACT_RATE[line.indFact],
  };
}

/** Totals by rate with the quote's own function, so the invoice equals the quote. */
export function saleTotals(lines: CfeLine[]): CfeTotals {
  const totals = quoteTotals(lines.map(lineAmountsOf));
  const part = (rate: IvaRate) => totals.byRate.find((candidate) => candidate.rate === rate);
  return {
    exempt: part('exento')?.net ?? null,
    netMinimum: part('minima')?.net ?? null,
    netBasic: part('basica')?.net ?? null,
    ivaMinimum: part('minima')?.tax ?? null,
    ivaBasic: part('basica')?.tax ?? null,
    total: totals.total,
    lineCount: lines.length,
    toPay: totals.total,
  };
}

/** Whether the totals add up: each rate's net is its lines', the total is nets plus IVA. */
export function totalsAddUp(lines: CfeLine[], totals: CfeTotals) {
  const sumOf = (values: (string | null)[]) =>
    values.reduce((sum, value) => sum + (value ? parseCents(value) : 0n), 0n);
  for (const rate of IVA_RATES) {
    const net = { exento: totals.exempt, minima: totals.netMinimum, basica: totals.netBasic }[rate];
    const lineSum = sumOf(
      lines.filter((l) => INDFACT_RATE[l.indFact] === rate).map((l) => l.amount),
    );
    if ((net ? parseCents(net) : 0n) !== lineSum) return false;
  }
  const nets = sumOf([totals.exempt, totals.netMinimum, totals.netBasic]);
  const iva = sumOf([totals.ivaMinimum, totals.ivaBasic]);
  return (
    parseCents(totals.total) === nets + iva &&
    totals.toPay === totals.total &&
    totals.lineCount === lines.length
  );
}

/** The e-Factura's receiver: the company with its RUT; the e-Ticket's only what it needs. */
function receiverOf(
  facts: CfeOrderFacts,
  kind: 101 | 111,
  needsDocument: boolean,
): CfeReceiver | null {
  const { buyer } = facts;
  const common = {
    name: buyer.name ? cut(buyer.name, FIELD_MAX.receiverName) : null,
    address: buyer.address ? cut(buyer.address, FIELD_MAX.address) : null,
    city: buyer.city ? cut(buyer.city, FIELD_MAX.city) : null,
    department: buyer.department ? cut(buyer.department, FIELD_MAX.department) : null,
    deliveryPlace: null,
    purchaseOrder: facts.purchaseOrder ? cut(facts.purchaseOrder, FIELD_MAX.purchaseOrder) : null,
  };
  if (kind === 111) return { docType: 2, document: buyer.rut, ...common };
  if (needsDocument) return { docType: 3, document: buyer.document, ...common };
  // A consumer below the threshold stays anonymous; only the OC, when given, is kept.
  if (!common.purchaseOrder) return null;
  return {
    docType: null,
    document: null,
    name: null,
    address: null,
    city: null,
    department: null,
    deliveryPlace: null,
    purchaseOrder: common.purchaseOrder,
  };
}

/** The document's amount without IVA, in cents: the sum of its rates' nets. */
export const netOf = (totals: CfeTotals) =>
  [totals.exempt, totals.netMinimum, totals.netBasic].reduce(
    (sum, value) => sum + (value ? parseCents(value) : 0n),
    0n,
  );

/** Whether an e-Ticket's net (without IVA) in pesos passes 5,000 UI at `uiValue` pesos. */
export function eTicketNeedsBuyer(totals: CfeTotals, exchangeRate: string | null, uiValue: string) {
  const net = netOf(totals);
  // Cents × thousandths of the rate against 5,000 × ten-thousandths of the UI × 10: both in
  // hundred-thousandths of a peso, no floats.
  const pesos = net * decimalUnits(exchangeRate ?? '1', 3);
  return pesos > ETICKET_THRESHOLD_UI * decimalUnits(uiValue, 4) * 10n;
}

function checkLines(kind: keyof typeof MAX_LINES, lines: CfeLine[]) {
  if (lines.length === 0) throw new CfeDataError(cfeMessages.cfeNoLines);
  if (lines.length > MAX_LINES[kind])
    throw new CfeDataError(cfeTooManyLinesMessage(MAX_LINES[kind]));
  for (const line of lines) {
    if (parseCents(line.unitPrice) <= 0n) throw new CfeDataError(cfeLinePriceMessage(line.name));
  }
}

/** An e-Factura receiver must be identified, with an address (CFE v24 A-C60..C65). */
export function checkInvoiceReceiver(receiver: CfeReceiver | null) {
  if (!receiver?.document || !isValidRut(receiver.document)) {
    throw new CfeDataError(cfeMessages.cfeReceiverRutInvalid);
  }
  if (!receiver.name) throw new CfeDataError(cfeMessages.cfeReceiverNameMissing);
  if (!receiver.address) throw new CfeDataError(cfeMessages.cfeReceiverAddressMissing);
  if (!receiver.city) throw new CfeDataError(cfeMessages.cfeReceiverCityMissing);
}

/** The checks every sales document and credit note passes before it is sent. */
export function checkSaleDraft(draft: SaleDraft) {
  checkLines(draft.kind, draft.lines);
  if (draft.currency !== 'UYU' && !draft.exchangeRate) {
    throw new CfeDataError(cfeMessages.cfeExchangeRateMissing);
  }
  if (draft.kind === 111 || draft.kind === 112) checkInvoiceReceiver(draft.receiver);
  if (!totalsAddUp(draft.lines, draft.totals)) {
    throw new CfeDataError(cfeMessages.cfeTotalsDoNotAddUp);
  }
}

/**
 * The invoice of an accepted order: an e-Factura for a buyer with RUT, else an e-Ticket
 * (identifying the buyer above DGI's threshold). Throws CfeDataError naming what is missing.
 */
export function invoiceDraft(options: {
  facts: CfeOrderFacts;
  settings: IssuerSettings;
  issuedOn: string;
  internalNumber: string;
}): SaleDraft {
  const { facts, settings } = options;
  const issuer: CfeIssuer = checkIssuer(settings);
  const kind = facts.buyer.rut ? 111 : 101;
  const lines = facts.lines.map((line, i) => saleLine(line, i + 1));
  const totals = saleTotals(lines);
  const exchangeRate = facts.exchangeRate ? roundedRate(facts.exchangeRate) : null;
  if (!exchangeRate) throw new CfeDataError(cfeMessages.cfeExchangeRateMissing);
  const needsDocument = kind === 101 && eTicketNeedsBuyer(totals, exchangeRate, settings.uiValue);
  if (needsDocument && !facts.buyer.document) {
    throw new CfeDataError(cfeMessages.cfeBuyerDocumentMissing);
  }
  const draft: SaleDraft = {
    kind,
    internalNumber: options.internalNumber,
    issuedOn: options.issuedOn,
    issuer,
    receiver: receiverOf(facts, kind, needsDocument),
    payment: facts.dueOn ? { form: 2, dueOn: facts.dueOn } : { form: 1, dueOn: null },
    currency: 'USD',
    exchangeRate,
    lines,
    totals,
    references: [],
  };
  checkSaleDraft(draft);
  const quoted = facts.quoted;
  if (
    quoted &&
    !(
      sameAmount(quoted.subtotal, cents(netOf(totals))) &&
      sameAmount(quoted.tax, cents(parseCents(totals.total) - netOf(totals))) &&
      sameAmount(quoted.total, totals.total)
    )
  ) {
    throw new CfeDataError(cfeMessages.cfeTotalsMismatch);
  }
  return draft;
}
