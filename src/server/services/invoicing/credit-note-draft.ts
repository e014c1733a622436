// A credit note (112 of an e-Factura, 102 of an e-Ticket): the invoice's lines, all of what is
// left or some units of some lines, referencing the invoice by type, serie and number
// (CFE v24 zone F). The same arithmetic as the invoice, so a full credit equals it to the cent.
import { cfeMessages } from '@shared/cfe-messages';
import { parseCents } from '@shared/money';
import { lineAmountCents } from '@shared/quote-math';
import { cents, checkSaleDraft, lineAmountsOf, roundedRate, saleTotals } from './cfe-draft';
import { CfeDataError } from './cfe-errors';
import {
  CREDIT_NOTE_OF,
  type CfeIssuer,
  type CfeLine,
  type SaleDraft,
  type SaleKind,
} from './cfe-types';

/** RazonRef's length (CFE v24 F-C6). */
const REASON_MAX = 90;

/** The issued invoice a note refers to. */
export type IssuedInvoice = { draft: SaleDraft; serie: string; number: number; issuedOn: string };

/** Units to credit of one invoice line (its NroLinDet). */
export type CreditLine = { line: number; quantity: number };

/**
 * The note crediting `lines` of `invoice` (null: everything not credited yet). `credited` is
 * what earlier notes, not rejected, took of each line. Throws CfeDataError when nothing is
 * left or a line would be credited beyond what was sold.
 */
export function creditNoteDraft(options: {
  invoice: IssuedInvoice;
  credited: Map<number, number>;
  lines: CreditLine[] | null;
  reason: string;
  issuer: CfeIssuer;
  issuedOn: string;
  internalNumber: string;
  exchangeRate: string | null;
}): SaleDraft {
  const { invoice, credited } = options;
  const sold = invoice.draft.lines;
  const left = (line: CfeLine) =>
    Number(line.quantity.split('.')[0]) - (credited.get(line.number) ?? 0);
  const wanted: CreditLine[] =
    options.lines ??
    sold.map((line) => ({ line: line.number, quantity: left(line) })).filter((c) => c.quantity > 0);
  if (wanted.length === 0 || wanted.every((c) => c.quantity <= 0)) {
    throw new CfeDataError(cfeMessages.cfeNothingToCredit);
  }
  const lines: CfeLine[] = wanted.map((credit, i) => {
    const line = sold.find((candidate) => candidate.number === credit.line);
    if (!line || credit.quantity < 1 || credit.quantity > left(line)) {
      throw new CfeDataError(cfeMessages.cfeCreditTooLarge);
    }
    const amounts = lineAmountsOf(line);
    const amount = lineAmountCents(amounts.unitPrice, credit.quantity, amounts.discountPercent);
    const gross = parseCents(amounts.unitPrice) * BigInt(credit.quantity);
    return {
      ...line,
      number: i + 1,
      quantity: `${credit.quantity}.000`,
      discountAmount: line.discountPercent ? cents(gross - amount) : null,
      amount: cents(amount),
    };
  });
  const kind = CREDIT_NOTE_OF[invoice.draft.kind as SaleKind];
  const draft: SaleDraft = {
    kind,
    internalNumber: options.internalNumber,
    issuedOn: options.issuedOn,
    issuer: options.issuer,
    receiver: invoice.draft.receiver,
    payment: { form: invoice.draft.payment.form, dueOn: null },
    currency: invoice.draft.currency,
    // The note converts at its own day's rate (DGI's daily report does); the invoice's when
    // none is known.
    exchangeRate:
      (options.exchangeRate && roundedRate(options.exchangeRate)) ?? invoice.draft.exchangeRate,
    lines,
    totals: saleTotals(lines),
    references: [
      {
        line: 1,
        kind: invoice.draft.kind,
        serie: invoice.serie,
        number: invoice.number,
        reason: options.reason.trim().slice(0, REASON_MAX),
        issuedOn: invoice.issuedOn,
      },
    ],
  };
  checkSaleDraft(draft);
  return draft;
}
