import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import type { CartItem } from '@client/stores/cart';

/** A line the server priced for this buyer (quick order, a saved list, an earlier order). */
export type BuyerLine = inferRouterOutputs<AppRouter>['quickOrder']['resolve']['lines'][number];

/**
 * How a priced line goes into the cart: without stock it is asked as 'Consultar
 * disponibilidad'; with some, at most what is left.
 */
export function cartItemOf(line: BuyerLine): CartItem {
  const isBackorder = line.stock <= 0;
  return {
    variantId: line.variantId,
    productId: line.productSlug,
    name: line.productName,
    image: line.image ?? '',
    color: line.colorName,
    storage: line.storage,
    price: line.unitPrice,
    listPrice: line.listPrice,
    priceRule: line.rule?.label,
    quantity: isBackorder ? line.quantity : Math.min(line.quantity, line.stock),
    stock: line.stock,
    backorder: isBackorder || undefined,
  };
}

/** What adding the line does to its quantity: said beside it before the buyer adds it. */
export function stockNote(line: BuyerLine): string | undefined {
  if (line.stock <= 0) return 'Sin stock: plazo a confirmar';
  if (line.quantity > line.stock) return `Hay ${line.stock} en stock: se agregan ${line.stock}`;
  return undefined;
}
