import { cn } from '@client/lib/cn';
import { formatMoney, TAX_NOTE } from '@shared/format';

/**
 * An amount as the store shows every price: 'US$ 1.049,00 + IVA', the tax note quieter than
 * the amount. `noteClassName` adjusts the note (on its own line, larger).
 */
export function PriceWithTax({
  amount,
  noteClassName,
}: {
  amount: number | string;
  noteClassName?: string;
}) {
  return (
    <>
      {formatMoney(amount)}{' '}
      <span className={cn('text-muted-foreground text-xs font-normal', noteClassName)}>
        {TAX_NOTE}
      </span>
    </>
  );
}
