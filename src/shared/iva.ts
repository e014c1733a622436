// IVA, Uruguay's VAT, as the store applies it per product: the basic rate (22 %), the minimum
// rate (10 %) or exempt. A quote's IVA is computed on each rate's net total, the way DGI's
// CFE format adds it up (docs/decisions/086-invoices-through-a-certified-provider.md).

export const IVA_RATES = ['basica', 'minima', 'exento'] as const;
export type IvaRate = (typeof IVA_RATES)[number];

/** A product that never chose one is taxed at the basic rate. */
export const DEFAULT_IVA_RATE: IvaRate = 'basica';

/** The percent of each rate, as integers for the arithmetic in cents. */
export const IVA_RATE_PERCENT: Record<IvaRate, bigint> = { basica: 22n, minima: 10n, exento: 0n };

/** How staff and the printed documents name each rate. */
export const IVA_RATE_LABELS: Record<IvaRate, string> = {
  basica: '22 % básica',
  minima: '10 % mínima',
  exento: 'Exento',
};

export const isIvaRate = (value: unknown): value is IvaRate =>
  typeof value === 'string' && (IVA_RATES as readonly string[]).includes(value);

/** A stored or typed rate read as one of ours; anything else is the default. */
export const ivaRateOf = (value: unknown): IvaRate => (isIvaRate(value) ? value : DEFAULT_IVA_RATE);
