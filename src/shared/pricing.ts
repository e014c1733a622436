// How the store names a negotiated price or a volume tier, for the product page, the cart, the
// order lines and the dashboard alike (docs/decisions/062-most-favourable-price-wins.md). The
// arithmetic itself lives on the server only (services/pricing/pricing.ts).

export const PRICE_RULE_KIND_LABELS = {
  brand: 'Marca',
  category: 'Categoría',
  all: 'Todo el catálogo',
  variant: 'Precio fijo de un producto',
} as const;
export type PriceRuleKindName = keyof typeof PRICE_RULE_KIND_LABELS;

/** '12.50' -> '12,5 %', '5.00' -> '5 %': a stored percentage as people read it. */
export function formatPercentOff(percent: string): string {
  const [whole = '0', fraction = ''] = percent.trim().split('.');
  const decimals = fraction.replace(/0+$/, '');
  return `${Number(whole)}${decimals ? `,${decimals}` : ''} %`;
}

/** A volume tier: 'Desde 10 unidades: 5 %'. */
export const tierLabel = (minQuantity: number, percentOff: string) =>
  `Desde ${minQuantity} unidades: ${formatPercentOff(percentOff)}`;

/** A company's rule as the line that used it says: 'Marca Lenovo: 12 %', 'Precio acordado'. */
export function ruleLabel(rule: {
  kind: PriceRuleKindName;
  percentOff: string | null;
  targetName: string | null;
}): string {
  const percent = formatPercentOff(rule.percentOff ?? '0');
  switch (rule.kind) {
    case 'brand':
      return `Marca ${rule.targetName ?? ''}: ${percent}`;
    case 'category':
      return `Categoría ${rule.targetName ?? ''}: ${percent}`;
    case 'all':
      return `Todo el catálogo: ${percent}`;
    case 'variant':
      return 'Precio acordado';
  }
}

/** Beside a crossed list price, for a signed-in buyer whose price is lower. */
export const YOUR_PRICE_LABEL = 'Tu precio';
/** An out-of-stock line asked for anyway: no stock held, staff answer price and date. */
export const BACKORDER_LABEL = 'Sin stock: plazo a confirmar';
export const backorderDateLabel = (formattedDate: string) =>
  `Sin stock: entrega estimada ${formattedDate}`;
