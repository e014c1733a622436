import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { QuantityInput } from '@client/components/ui/quantity-input';
import { ProductImage } from '@client/components/product-image';
import { type CartItem, isUnavailable, useCartStore } from '@client/stores/cart';
import { formatMoney } from '@shared/format';
import { messages, priceUpdatedMessage } from '@shared/client-messages';
import { Badge } from '@client/components/ui/badge';
import { YourPrice } from '@client/components/your-price';
import { BACKORDER_LABEL } from '@shared/pricing';

/**
 * One cart line: image, name, price, 'storage / colour', the quantity typed or stepped and 'Eliminar'; a
 * changed price, a sold-out or deleted variant are said on the line itself.
 */
export function CartLine({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  const askWithoutStock = useCartStore((state) => state.askWithoutStock);
  const isBlocked = isUnavailable(item);

  return (
    <li className="flex gap-4 py-4" aria-label={item.name}>
      <Link
        to="/producto/$slug"
        params={{ slug: item.productId }}
        onClick={onNavigate}
        tabIndex={-1}
        aria-hidden="true"
        className="border-border size-20 shrink-0 overflow-hidden rounded-md border bg-white"
      >
        <ProductImage src={item.image || null} alt="" sizes="80px" className="size-full p-1" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to="/producto/$slug"
          params={{ slug: item.productId }}
          onClick={onNavigate}
          className="line-clamp-2 text-sm font-semibold hover:underline"
        >
          {item.name}
        </Link>
        <p className="text-muted-foreground text-xs">
          {item.storage} / {item.color}
        </p>
        {isBlocked ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-destructive text-sm font-semibold" role="status">
              {item.availability === 'gone'
                ? messages.cartLineUnavailable
                : messages.cartLineSoldOut}
            </p>
            {item.availability === 'soldOut' && (
              <Button variant="outline" size="sm" onClick={() => askWithoutStock(item.variantId)}>
                Consultar disponibilidad
              </Button>
            )}
          </div>
        ) : (
          <>
            {item.backorder && (
              <Badge variant="soft-warning" className="self-start">
                {BACKORDER_LABEL}
              </Badge>
            )}
            <p className="text-sm font-bold">
              <YourPrice
                listPrice={item.listPrice ?? item.price}
                unitPrice={item.price}
                ruleLabel={item.priceRule}
              />
            </p>
            {item.previousPrice && (
              <p className="text-warning text-xs font-medium">
                {priceUpdatedMessage(formatMoney(item.previousPrice))}
              </p>
            )}
          </>
        )}
        <div className="mt-1 flex flex-wrap items-start justify-between gap-2">
          {!isBlocked && (
            <QuantityInput
              value={item.quantity}
              stock={item.backorder ? undefined : item.stock}
              isLabelHidden
              onChange={(quantity) => updateQuantity(item.variantId, quantity)}
            />
          )}
          <Button
            variant="ghost-destructive"
            size="sm"
            className="ml-auto"
            onClick={() => removeItem(item.variantId)}
          >
            <Trash2 aria-hidden="true" />
            Eliminar
          </Button>
        </div>
      </div>
    </li>
  );
}
