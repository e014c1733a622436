import { PriceWithTax } from '@client/components/ui/price';
import { formatMoney } from '@shared/format';
import { sameAmount } from '@shared/money';
import { YOUR_PRICE_LABEL } from '@shared/pricing';

/**
 * 'Tu precio' beside the crossed list price, when the buyer's unit price is lower; the list
 * price alone otherwise. `size` `lg` for the product page; `align` `end` in a right-hand column.
 */
export function YourPrice({
  listPrice,
  unitPrice,
  ruleLabel,
  size = 'sm',
  align = 'start',
}: {
  listPrice: string;
  unitPrice: string | undefined;
  ruleLabel?: string | null;
  size?: 'sm' | 'lg';
  align?: 'start' | 'end';
}) {
  const isLower = unitPrice !== undefined && !sameAmount(unitPrice, listPrice);
  if (!isLower) {
    return (
      <span className="whitespace-nowrap">
        <PriceWithTax amount={listPrice} noteSize={size === 'lg' ? 'base' : 'xs'} />
      </span>
    );
  }
  return (
    <span
      className={`inline-flex flex-col gap-0.5 ${align === 'end' ? 'items-end text-right' : 'items-start'}`}
      data-testid="your-price"
    >
      <span className="text-success text-xs font-semibold tracking-wide uppercase">
        {YOUR_PRICE_LABEL}
      </span>
      <span>
        <PriceWithTax amount={unitPrice} noteSize={size === 'lg' ? 'base' : 'xs'} />{' '}
        <s
          className={`text-muted-foreground font-normal whitespace-nowrap ${size === 'lg' ? 'text-lg' : 'text-xs'}`}
          aria-label={`Precio de lista ${formatMoney(listPrice)}`}
        >
          {formatMoney(listPrice)}
        </s>
      </span>
      {ruleLabel && <span className="text-muted-foreground text-xs font-normal">{ruleLabel}</span>}
    </span>
  );
}
