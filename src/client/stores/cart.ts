import type { inferRouterOutputs } from '@trpc/server';
import { create } from 'zustand';
import type { AppRouter } from '@server/trpc/router';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sameAmount, sumOfLines } from '@shared/money';
import { messages, stockLimitMessage } from '@shared/client-messages';
import { QUOTE_MAX_QUANTITY } from '@shared/quote-limits';

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
  /** The unit price this buyer pays for this quantity: what the totals add up. */
  price: string;
  quantity: number;
  /** Units left, as the server last said (absent until the line is first refreshed). */
  stock?: number;
  /** The list price, once the server said it; shown crossed out when `price` is lower. */
  listPrice?: string;
  /** Why `price` is below the list price ('Desde 10 unidades: 5 %', 'Marca Acme: 12 %'). */
  priceRule?: string;
  /** The list price the customer first saw, kept while the server's list price differs. */
  previousPrice?: string;
  /** 'gone': the variant or its product was deleted; 'soldOut': no stock left. */
  availability?: 'available' | 'gone' | 'soldOut';
  /** 'Consultar disponibilidad': quoted without stock, so neither stock nor sold-out limit it. */
  backorder?: boolean;
};

/**
 * One line as catalog.cartLines answers it, with the signed-in buyer's own price when
 * pricing.forMe gave one (lib/use-cart-refresh.ts).
 */
export type ServerCartLine = inferRouterOutputs<AppRouter>['catalog']['cartLines'][number] & {
  buyerPrice?: { unitPrice: string; rule: { label: string } | null };
};

/** Lines that block the quote until removed; a backorder line is asked without stock. */
export const isUnavailable = (item: CartItem) =>
  item.availability === 'gone' || (item.availability === 'soldOut' && !item.backorder);

/** The line as the server sees it now; a quantity above the stock left comes down to it. */
function reconcile(item: CartItem, line: ServerCartLine | undefined): CartItem {
  if (!line) return item;
  if (!line.exists) return { ...item, availability: 'gone' };
  const seenListPrice = item.previousPrice ?? item.listPrice ?? item.price;
  const unitPrice = line.buyerPrice?.unitPrice ?? line.unitPrice;
  const isClamped = line.stock > 0 && !item.backorder;
  return {
    ...item,
    productId: line.productSlug,
    name: line.productName,
    image: line.image ?? '',
    color: line.colorName,
    storage: line.storage,
    price: unitPrice,
    listPrice: line.price,
    priceRule: sameAmount(unitPrice, line.price)
      ? undefined
      : (line.buyerPrice?.rule?.label ?? undefined),
    previousPrice: sameAmount(seenListPrice, line.price) ? undefined : seenListPrice,
    stock: line.stock,
    availability: line.stock > 0 ? 'available' : 'soldOut',
    quantity: isClamped ? Math.min(item.quantity, line.stock) : item.quantity,
  };
}

type CartState = {
  items: CartItem[];
  totalItemsInCart: number;
  totalAmount: string;
  addItem: (item: CartItem) => void;
  /** Adds lines from a quick order, a saved list or an earlier order, each merged by variant. */
  addItems: (items: CartItem[]) => void;
  removeItem: (variantId: number) => void;
  /** A sold-out line becomes 'Consultar disponibilidad' instead of blocking the quote. */
  askWithoutStock: (variantId: number) => void;
  updateQuantity: (variantId: number, quantity: number) => void;
  /** Takes the server's current price, stock and names for every line. */
  syncLines: (lines: ServerCartLine[]) => void;
  /** Every line back at its list price, as anyone sees it (see forgetBuyerPrices). */
  toListPrices: () => void;
  cleanCart: () => void;
};

const MIN_QUANTITY = 1;

/**
 * The line at its list price, without the rule that lowered it. A negotiated price only ever
 * enters a line with its list price beside it (reconcile, lib/buyer-lines.ts); a line without
 * one was added at the list price the product page showed.
 */
function atListPrice({ priceRule: _rule, ...item }: CartItem): CartItem {
  return { ...item, price: item.listPrice ?? item.price };
}

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

/** `items` with `item` added: a variant already there gets the quantity added. */
function withItem(items: CartItem[], item: CartItem): CartItem[] {
  const quantity = clampQuantity(item.quantity);
  const exists = items.some((line) => line.variantId === item.variantId);
  if (!exists) return [...items, { ...item, quantity }];
  return items.map((line) =>
    line.variantId === item.variantId
      ? {
          ...line,
          quantity: Math.min(QUOTE_MAX_QUANTITY, line.quantity + quantity),
          stock: item.stock ?? line.stock,
          backorder: line.backorder || item.backorder,
        }
      : line,
  );
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...withTotals([]),
      addItem: (item) => set((state) => withTotals(withItem(state.items, item))),
      addItems: (items) => set((state) => withTotals(items.reduce(withItem, state.items))),
      askWithoutStock: (variantId) =>
        set((state) =>
          withTotals(
            state.items.map((line) =>
              line.variantId === variantId ? { ...line, backorder: true } : line,
            ),
          ),
        ),
      removeItem: (variantId) =>
        set((state) => withTotals(state.items.filter((line) => line.variantId !== variantId))),
      updateQuantity: (variantId, quantity) =>
        set((state) =>
          withTotals(
            state.items.map((line) =>
              line.variantId === variantId
                ? {
                    ...line,
                    quantity: Math.min(
                      clampQuantity(quantity),
                      QUOTE_MAX_QUANTITY,
                      line.backorder ? Infinity : (line.stock ?? Infinity),
                    ),
                  }
                : line,
            ),
          ),
        ),
      syncLines: (lines) =>
        set((state) => {
          const byId = new Map(lines.map((line) => [line.variantId, line]));
          return withTotals(state.items.map((item) => reconcile(item, byId.get(item.variantId))));
        }),
      toListPrices: () => set((state) => withTotals(state.items.map(atListPrice))),
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
 * The session ended: the cart keeps its lines at list price, and no buyer's own price is left
 * in it or in localStorage, where the next person at this browser could read it
 * (docs/decisions/078-account-security-per-asvs.md). The next refresh prices them as the
 * visitor's (volume prices included). A cart not read from storage yet is read first, so
 * writing it back does not empty the saved one.
 */
export async function forgetBuyerPrices() {
  if (!useCartStore.persist.hasHydrated()) await useCartStore.persist.rehydrate();
  useCartStore.getState().toListPrices();
}

/**
 * 'Consultar disponibilidad': adds `item` as a line asked without stock. The quote holds no
 * stock for it and staff answer its price and delivery date.
 */
export function addBackorder(item: CartItem) {
  useCartStore.getState().addItem({ ...item, backorder: true, stock: 0 });
}

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
