import { PriceWithTax } from '@client/components/ui/price';
import { cn } from '@client/lib/cn';
import { formatMoney } from '@shared/format';
import { sameAmount } from '@shared/money';
import { YOUR_PRICE_LABEL } from '@shared/pricing';

/**
 * 'Tu precio' beside the crossed list price, when the buyer's unit price is lower; the list
 * price alone otherwise. `size` `lg` for the product page; `align` `end` in a right-hand column.
 * Where a phone leaves a narrow column (a product card, a search row), `isStacked` lets the
 * price wrap and puts the crossed price on a line of its own; `noteClassName` places '+ IVA'
 * (PriceWithTax).
 */
export function YourPrice({
  listPrice,
  unitPrice,
  ruleLabel,
  size = 'sm',
  align = 'start',
  isStacked = false,
  noteClassName,
}: {
  listPrice: string;
  unitPrice: string | undefined;
  ruleLabel?: string | null;
  size?: 'sm' | 'lg';
  align?: 'start' | 'end';
  isStacked?: boolean;
  noteClassName?: string;
}) {
  const noteSize = size === 'lg' ? 'base' : 'xs';
  const isLower = unitPrice !== undefined && !sameAmount(unitPrice, listPrice);
  if (!isLower) {
    const price = (
      <PriceWithTax amount={listPrice} noteSize={noteSize} noteClassName={noteClassName} />
    );
    // Stacked, a narrow column may wrap it: on one line it would overflow the card.
    return isStacked ? price : <span className="whitespace-nowrap">{price}</span>;
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
        <PriceWithTax amount={unitPrice} noteSize={noteSize} noteClassName={noteClassName} />{' '}
        <s
          className={cn(
            'text-muted-foreground font-normal whitespace-nowrap',
            size === 'lg' ? 'text-lg' : 'text-xs',
            isStacked && 'block',
          )}
          aria-label={`Precio de lista ${formatMoney(listPrice)}`}
        >
          {formatMoney(listPrice)}
        </s>
      </span>
      {ruleLabel && <span className="text-muted-foreground text-xs font-normal">{ruleLabel}</span>}
    </span>
  );
}
