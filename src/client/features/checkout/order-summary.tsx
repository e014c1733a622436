import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ProductThumb } from '@client/components/product-thumb';
import { type CartItem, isUnavailable } from '@client/stores/cart';
import { formatMoney } from '@shared/format';
import { messages, priceUpdatedMessage } from '@shared/client-messages';
import { PriceWithTax } from '@client/components/ui/price';
import { YourPrice } from '@client/components/your-price';
import { BACKORDER_LABEL } from '@shared/pricing';

/** The cart as the customer will see it quoted; the server recomputes every price. */
export function OrderSummary({ items, totalAmount }: { items: CartItem[]; totalAmount: string }) {
  return (
    <Card className="lg:sticky lg:top-6">
      <CardHeader>
        <CardTitle>Resumen del pedido</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="divide-border divide-y" aria-label="Productos">
          {items.map((item) => (
            <li key={item.variantId} className="flex items-center gap-4 py-3 first:pt-0">
              <div className="relative">
                <ProductThumb src={item.image} alt={item.name} size={64} />
                <span
                  className="bg-primary text-primary-foreground absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full text-xs font-semibold"
                  aria-label={`Cantidad: ${item.quantity}`}
                >
                  {item.quantity}
                </span>
              </div>
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium">{item.name}</p>
                <p className="text-muted-foreground text-xs">
                  {item.storage} / {item.color}
                </p>
                {item.backorder && (
                  <p className="text-warning text-xs font-medium">{BACKORDER_LABEL}</p>
                )}
                {item.previousPrice && !isUnavailable(item) && (
                  <p className="text-warning text-xs font-medium">
                    {priceUpdatedMessage(formatMoney(item.previousPrice))}
                  </p>
                )}
              </div>
              {isUnavailable(item) ? (
                <p className="text-destructive text-sm font-semibold">
                  {item.availability === 'gone'
                    ? messages.cartLineUnavailable
                    : messages.cartLineSoldOut}
                </p>
              ) : (
                <p className="text-right text-sm font-medium whitespace-nowrap">
                  <YourPrice
                    listPrice={item.listPrice ?? item.price}
                    unitPrice={item.price}
                    align="end"
                  />
                </p>
              )}
            </li>
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
