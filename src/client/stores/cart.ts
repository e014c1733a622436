import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { fromCents, toCents } from '@shared/format';

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
};

type CartState = {
  items: CartItem[];
  totalItemsInCart: number;
  totalAmount: string;
  addItem: (item: CartItem) => void;
  removeItem: (variantId: number) => void;
  updateQuantity: (variantId: number, quantity: number) => void;
  cleanCart: () => void;
};

const MIN_QUANTITY = 1;

function withTotals(items: CartItem[]) {
  return {
    items,
    totalItemsInCart: items.reduce((sum, item) => sum + item.quantity, 0),
    totalAmount: fromCents(
      items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0),
    ),
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
                    ? { ...line, quantity: line.quantity + quantity }
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
              line.variantId === variantId ? { ...line, quantity: clampQuantity(quantity) } : line,
            ),
          ),
        ),
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
