import { cn } from '@client/lib/cn';
import { formatMoney, TAX_NOTE } from '@shared/format';

/**
 * An amount as the store shows every price: 'US$ 1.049,00 + IVA', the tax note quieter than
 * the amount. `noteSize` `base` for the product page's large price; `noteClassName` places the
 * note (e.g. on its own line).
 */
export function PriceWithTax({
  amount,
  noteSize = 'xs',
  noteClassName,
}: {
  amount: number | string;
  noteSize?: 'xs' | 'base';
  noteClassName?: string;
}) {
  return (
    <>
      {formatMoney(amount)}{' '}
      <span
        className={cn(
          'text-muted-foreground font-normal',
          noteSize === 'xs' ? 'text-xs' : 'text-base',
          noteClassName,
        )}
      >
        {TAX_NOTE}
      </span>
    </>
  );
}
