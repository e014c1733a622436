import type { inferRouterOutputs } from '@trpc/server';
import { create } from 'zustand';
import type { AppRouter } from '@server/trpc/router';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sameAmount, sumOfLines } from '@shared/money';
import { messages, stockLimitMessage } from '@shared/client-messages';

/**
 * A cart line. Prices are for display: the server recomputes them
 * (docs/decisions/015-server-authoritative-prices-and-stock.md).
 */
export type CartItem = {
  variantId: number;
  /** The product's slug, to link back to its page. */
  productId: string;
  name: string;
  image: string;
  color: string;
  storage: string;
  price: string;
  quantity: number;
  /** Units left, as the server last said (absent until the line is first refreshed). */
  stock?: number;
  /** The price the customer first saw, kept while the server's price differs from it. */
  previousPrice?: string;
  /** 'gone': the variant or its product was deleted; 'soldOut': no stock left. */
  availability?: 'available' | 'gone' | 'soldOut';
};

/** One line as catalog.cartLines answers it. */
export type ServerCartLine = inferRouterOutputs<AppRouter>['catalog']['cartLines'][number];

/** Lines that block the quote until removed. */
export const isUnavailable = (item: CartItem) =>
  item.availability === 'gone' || item.availability === 'soldOut';

/** The line as the server sees it now; a quantity above the stock left comes down to it. */
function reconcile(item: CartItem, line: ServerCartLine | undefined): CartItem {
  if (!line) return item;
  if (!line.exists) return { ...item, availability: 'gone' };
  const seenPrice = item.previousPrice ?? item.price;
  return {
    ...item,
    productId: line.productSlug,
    name: line.productName,
    image: line.image ?? '',
    color: line.colorName,
    storage: line.storage,
    price: line.price,
    previousPrice: sameAmount(seenPrice, line.price) ? undefined : seenPrice,
    stock: line.stock,
    availability: line.stock > 0 ? 'available' : 'soldOut',
    quantity: line.stock > 0 ? Math.min(item.quantity, line.stock) : item.quantity,
  };
}

type CartState = {
  items: CartItem[];
  totalItemsInCart: number;
  totalAmount: string;
  addItem: (item: CartItem) => void;
  removeItem: (variantId: number) => void;
  updateQuantity: (variantId: number, quantity: number) => void;
  /** Takes the server's current price, stock and names for every line. */
  syncLines: (lines: ServerCartLine[]) => void;
  cleanCart: () => void;
};

const MIN_QUANTITY = 1;

/** Unavailable lines count for nothing: the quote waits for their removal anyway. */
function withTotals(items: CartItem[]) {
  const available = items.filter((item) => !isUnavailable(item));
  return {
    items,
    totalItemsInCart: available.reduce((sum, item) => sum + item.quantity, 0),
    totalAmount: sumOfLines(available),
  };
}

const clampQuantity = (quantity: number) =>
  Number.isFinite(quantity) ? Math.max(MIN_QUANTITY, Math.floor(quantity)) : MIN_QUANTITY;

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...withTotals([]),
      addItem: (item) =>
        set((state) => {
          const quantity = clampQuantity(item.quantity);
          const exists = state.items.some((line) => line.variantId === item.variantId);
          return withTotals(
            exists
              ? state.items.map((line) =>
                  line.variantId === item.variantId
                    ? {
                        ...line,
                        quantity: line.quantity + quantity,
                        stock: item.stock ?? line.stock,
                      }
                    : line,
                )
              : [...state.items, { ...item, quantity }],
          );
        }),
      removeItem: (variantId) =>
        set((state) => withTotals(state.items.filter((line) => line.variantId !== variantId))),
      updateQuantity: (variantId, quantity) =>
        set((state) =>
          withTotals(
            state.items.map((line) =>
              line.variantId === variantId
                ? { ...line, quantity: Math.min(clampQuantity(quantity), line.stock ?? Infinity) }
                : line,
            ),
          ),
        ),
      syncLines: (lines) =>
        set((state) => {
          const byId = new Map(lines.map((line) => [line.variantId, line]));
          return withTotals(state.items.map((item) => reconcile(item, byId.get(item.variantId))));
        }),
      cleanCart: () => set(withTotals([])),
    }),
    {
      name: 'cart-store',
      storage: createJSONStorage(() => localStorage),
      // The server renders an empty cart; the saved one is read after hydration
      // (components/layout/client-extras.tsx), or the header's count would mismatch.
      skipHydration: true,
    },
  ),
);

/**
 * Adds `item` unless the cart would then hold more than `stock` units of it; answers why not
 * ('Producto agotado' or how many are left), or null once added.
 */
export function addWithinStock(item: CartItem, stock: number): string | null {
  if (stock <= 0) return messages.productSoldOut;
  const state = useCartStore.getState();
  const inCart = state.items.find((line) => line.variantId === item.variantId)?.quantity ?? 0;
  if (inCart + item.quantity > stock) return stockLimitMessage(stock, inCart);
  state.addItem({ ...item, stock });
  return null;
}
