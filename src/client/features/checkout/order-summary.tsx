import { cn } from '@client/lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ProductThumb } from '@client/components/product-thumb';
import { type CartItem, isUnavailable, useCartStore } from '@client/stores/cart';
import { QuantityInput } from '@client/components/ui/quantity-input';
import { formatMoney } from '@shared/format';
import { sumOfLines } from '@shared/money';
import { messages, priceUpdatedMessage } from '@shared/client-messages';
import { PriceWithTax } from '@client/components/ui/price';
import { YourPrice } from '@client/components/your-price';
import { BACKORDER_LABEL } from '@shared/pricing';

/** The cart as the customer will see it quoted; the server recomputes every price. */
export function OrderSummary({
  items,
  totalAmount,
  className,
}: {
  items: CartItem[];
  totalAmount: string;
  /** Its place in the page's grid. */
  className?: string;
}) {
  return (
    <Card className={cn('lg:sticky lg:top-6', className)}>
      <CardHeader>
        <CardTitle>Resumen del pedido</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="divide-border divide-y" aria-label="Productos">
          {items.map((item) => (
            <SummaryLine key={item.variantId} item={item} />
          ))}
        </ul>
        <dl className="border-border grid grid-cols-[1fr_auto] gap-y-2 border-t pt-4 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{formatMoney(totalAmount)}</dd>
          <dt className="text-muted-foreground">Envío</dt>
          <dd className="text-success text-right font-medium">Gratis</dd>
          <dt className="pt-2 text-base font-semibold">Total</dt>
          <dd className="pt-2 text-right text-base font-semibold whitespace-nowrap">
            <PriceWithTax amount={totalAmount} />
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * One line: its name whole (a long model name is what tells two lines apart), the quantity to
 * type or step, and price × quantity beside the unit price.
 */
function SummaryLine({ item }: { item: CartItem }) {
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const isBlocked = isUnavailable(item);
  return (
    <li aria-label={item.name} className="flex gap-3 py-3 first:pt-0">
      <ProductThumb src={item.image} alt="" size={64} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-medium break-words">{item.name}</p>
        <p className="text-muted-foreground text-xs">
          {item.storage} / {item.color}
        </p>
        {item.backorder && <p className="text-warning text-xs font-medium">{BACKORDER_LABEL}</p>}
        {item.previousPrice && !isBlocked && (
          <p className="text-warning text-xs font-medium">
            {priceUpdatedMessage(formatMoney(item.previousPrice))}
          </p>
        )}
        {isBlocked ? (
          <p className="text-destructive text-sm font-semibold">
            {item.availability === 'gone' ? messages.cartLineUnavailable : messages.cartLineSoldOut}
          </p>
        ) : (
          <div className="mt-1 flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <QuantityInput
              value={item.quantity}
              stock={item.backorder ? undefined : item.stock}
              isLabelHidden
              onChange={(quantity) => updateQuantity(item.variantId, quantity)}
            />
            <div className="ml-auto text-right text-sm">
              <p className="font-semibold whitespace-nowrap" data-testid="line-total">
                {formatMoney(sumOfLines([item]))}
              </p>
              <p className="text-muted-foreground text-xs">
                <YourPrice
                  listPrice={item.listPrice ?? item.price}
                  unitPrice={item.price}
                  align="end"
                />{' '}
                c/u
              </p>
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
