// A quote's arithmetic in integer cents (BigInt), shared by the editor's preview and the
// server, which alone stores the result (docs/decisions/039-quote-revisions-in-cents.md).

import { IVA_RATE_PERCENT, IVA_RATES, type IvaRate, ivaRateOf } from './iva';
import { divideHalfUp, formatCents, formatCentsEsUy, parseCents } from './money';

/** IVA's basic rate, in percent: every line's unless its product says otherwise (iva.ts). */
export const IVA_PERCENT = IVA_RATE_PERCENT.basica;

/**
 * One line: unit price x quantity less the discount, rounded to the cent once per line
 * (half up), so the amounts printed on the quote add up exactly to its subtotal.
 * The discount is a percent with up to two decimals: '12.5' is 1250 hundredths.
 */
export function lineAmountCents(unitPrice: string, quantity: number, discountPercent: string) {
  const hundredths = parseCents(discountPercent);
  return divideHalfUp(parseCents(unitPrice) * BigInt(quantity) * (10000n - hundredths), 10000n);
}

export type QuoteLineAmounts = {
  unitPrice: string;
  quantity: number;
  discountPercent: string;
  /** The product's IVA rate; the basic one when absent. */
  ivaRate?: IvaRate;
};

/** One IVA rate's part of a quote: the net of its lines and the IVA on that net. */
export type RateTotal = { rate: IvaRate; net: string; tax: string };

/**
 * Subtotal (sum of rounded lines), IVA and the total. IVA is computed on each rate's net
 * total, rounded half up once per rate, as the CFE's totals are: with every line at the basic
 * rate this is 22 % of the subtotal. `byRate` lists the rates the lines use.
 */
export function quoteTotals(lines: QuoteLineAmounts[]) {
  const amounts = lines.map((l) => lineAmountCents(l.unitPrice, l.quantity, l.discountPercent));
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0n);
  const nets = new Map<IvaRate, bigint>();
  lines.forEach((line, i) => {
    const rate = ivaRateOf(line.ivaRate);
    nets.set(rate, (nets.get(rate) ?? 0n) + amounts[i]!);
  });
  const byRate = IVA_RATES.filter((rate) => nets.has(rate)).map((rate) => {
    const net = nets.get(rate)!;
    return { rate, net, tax: divideHalfUp(net * IVA_RATE_PERCENT[rate], 100n) };
  });
  const tax = byRate.reduce((sum, part) => sum + part.tax, 0n);
  return {
    amounts: amounts.map(formatCents),
    subtotal: formatCents(subtotal),
    tax: formatCents(tax),
    total: formatCents(subtotal + tax),
    byRate: byRate.map((part): RateTotal => ({
      rate: part.rate,
      net: formatCents(part.net),
      tax: formatCents(part.tax),
    })),
  };
}

/** An exchange rate ('39.5', up to four decimals) in ten-thousandths: 395000n. */
function rateUnits(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.trim().split('.');
  return BigInt(whole || '0') * 10000n + BigInt(fraction.padEnd(4, '0').slice(0, 4) || '0');
}

/** A dollar amount in pesos at `rate` pesos per dollar, in cents rounded half up. */
export const pesosCents = (dollars: string, rate: string) =>
  divideHalfUp(parseCents(dollars) * rateUnits(rate), 10000n);

/**
 * Pesos received, in dollars at `rate`: cents rounded half up, so both amounts can be kept
 * (a payment in pesos, docs/decisions/084-payments-statement-and-receivables.md).
 */
export const dollarsCentsOfPesos = (pesos: string, rate: string) =>
  divideHalfUp(parseCents(pesos) * 10000n, rateUnits(rate));

/** '$ 41.438,74': pesos as es-UY writes them, from integer cents (never through a float). */
export const formatPesosCents = (cents: bigint): string => `$ ${formatCentsEsUy(cents)}`;

/** '39,5' for the rate as the quote prints it (es-UY decimal comma, no trailing zeros). */
export const formatRate = (rate: string) =>
  rate.includes('.') ? rate.replace(/\.?0+$/, '').replace('.', ',') : rate;

/** 'Total en pesos uruguayos: $ 41.438,74 al tipo de cambio 39,5'. */
export const pesosTotalText = (dollars: string, rate: string) =>
  `Total en pesos uruguayos: ${formatPesosCents(pesosCents(dollars, rate))} al tipo de cambio ${formatRate(rate)}`;
