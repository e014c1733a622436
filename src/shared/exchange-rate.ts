// How the day's dollar rate reads wherever pesos are shown: the quote, the statement, a payment
// in pesos (docs/decisions/085-the-bcu-rate.md).
import { formatDay } from './format';
import { formatPesosCents, formatRate, pesosCents } from './quote-math';

export type RateInfo = {
  rate: string;
  quotedOn: string;
  source: 'bcu' | 'manual';
  isStale: boolean;
};

/** 'Dólar billete BCU del 27/11/2026', or 'Cotización del 27/11/2026 (desactualizada)'. */
export function rateLabel(rate: RateInfo): string {
  const day = formatDay(rate.quotedOn);
  if (rate.isStale) return `Cotización del ${day} (desactualizada)`;
  return rate.source === 'bcu'
    ? `Dólar billete BCU del ${day}`
    : `Cotización ingresada por la tienda el ${day}`;
}

/** '$ 118.536,00 al tipo de cambio 39,512 (dólar billete BCU del 27/11/2026)'. */
export const pesosAtRateText = (dollars: string, rate: RateInfo) =>
  `${formatPesosCents(pesosCents(dollars, rate.rate))} al tipo de cambio ${formatRate(rate.rate)} (${lowerFirst(rateLabel(rate))})`;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
