import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CartItem,
  forgetBuyerPrices as forgetBuyerPricesFn,
  useCartStore as CartStoreHook,
} from '@client/stores/cart';

// Node has no localStorage: a Map-backed one lets the test read what persist writes.
const stored = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  },
});

let useCartStore: typeof CartStoreHook;
let forgetBuyerPrices: typeof forgetBuyerPricesFn;
beforeAll(async () => {
  // The store binds its storage when its module is evaluated. Test files share modules
  // (vitest.config.ts): another file may have loaded it before this stub existed.
  vi.resetModules();
  ({ useCartStore, forgetBuyerPrices } = await import('@client/stores/cart'));
});
beforeEach(() => useCartStore.getState().cleanCart());
// Files that run after this one in the same worker must find neither the stub nor a store
// bound to it.
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
  vi.resetModules();
});

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  variantId: 1,
  productId: 'apple-iphone-15',
  name: 'Apple iPhone 15',
  image: '/uploads/products/1/a-1200.webp',
  color: 'Verde',
  storage: '256 GB',
  price: '1249.00',
  quantity: 1,
  ...overrides,
});

const state = () => useCartStore.getState();

describe('cart store', () => {
  it('merges a repeated variant into one line and recomputes the totals', () => {
    state().addItem(item());
    state().addItem(item({ quantity: 2 }));
    expect(state().items).toHaveLength(1);
    expect(state().items[0]!.quantity).toBe(3);
    expect(state().totalItemsInCart).toBe(3);
    expect(state().totalAmount).toBe('3747.00');
  });

  it('appends other variants and sums prices in cents, never as floats', () => {
    state().addItem(item({ variantId: 1, price: '0.10', quantity: 1 }));
    state().addItem(item({ variantId: 2, price: '0.20', quantity: 1 }));
    expect(state().items.map((line) => line.variantId)).toEqual([1, 2]);
    expect(state().totalAmount).toBe('0.30');
  });

  it('sets a quantity, never below 1, and removes by variant', () => {
    state().addItem(item({ variantId: 1 }));
    state().addItem(item({ variantId: 2, price: '10.00' }));
    state().updateQuantity(1, 4);
    expect(state().items[0]!.quantity).toBe(4);
    state().updateQuantity(1, 0);
    expect(state().items[0]!.quantity).toBe(1);
    state().updateQuantity(1, -3);
    expect(state().items[0]!.quantity).toBe(1);
    state().removeItem(1);
    expect(state().items.map((line) => line.variantId)).toEqual([2]);
    expect(state().totalItemsInCart).toBe(1);
    expect(state().totalAmount).toBe('10.00');
  });

  it('sets a quantity never above what one quote line takes, with or without stock', () => {
    state().addItem(item({ variantId: 1 }));
    state().addItem(item({ variantId: 2, backorder: true }));
    state().updateQuantity(1, 5000);
    state().updateQuantity(2, 5000);
    expect(state().items.map((line) => line.quantity)).toEqual([999, 999]);
  });

  it('cleans to no items and zero totals', () => {
    state().addItem(item());
    state().cleanCart();
    expect(state()).toMatchObject({ items: [], totalItemsInCart: 0, totalAmount: '0.00' });
  });

  it('leaves lines the server says are gone or sold out out of both totals', () => {
    state().addItem(item({ variantId: 1, price: '100.00', quantity: 2 }));
    state().addItem(item({ variantId: 2, price: '10.00', quantity: 3 }));
    state().addItem(item({ variantId: 3, price: '1.00', quantity: 4 }));
    const line = (variantId: number, stock: number) => ({
      variantId,
      exists: true as const,
      productName: 'Apple iPhone 15',
      productSlug: 'apple-iphone-15',
      image: null,
      colorName: 'Verde',
      storage: '256 GB',
      price: '1.00',
      unitPrice: '1.00',
      stock,
    });
    state().syncLines([{ variantId: 1, exists: false }, line(2, 0), line(3, 10)]);
    expect(state().items.map((l) => l.availability)).toEqual(['gone', 'soldOut', 'available']);
    // Only the available line counts: 4 x 1.00.
    expect(state().totalItemsInCart).toBe(4);
    expect(state().totalAmount).toBe('4.00');
  });

  it('forgets a buyer’s own prices at sign-out, in memory and in storage, keeping the lines', async () => {
    await useCartStore.persist.rehydrate();
    state().addItems([
      // A company member's price, as the cart refresh or a quick order puts it.
      item({ variantId: 1, price: '987.20', listPrice: '1234.00', priceRule: 'Marca Acme: 20 %' }),
      item({ variantId: 2, price: '50.00', quantity: 2 }),
    ]);
    expect(stored.get('cart-store')).toContain('987.20');

    await forgetBuyerPrices();
    expect(state().items).toEqual([
      item({ variantId: 1, price: '1234.00', listPrice: '1234.00' }),
      item({ variantId: 2, price: '50.00', quantity: 2 }),
    ]);
    expect(state().totalAmount).toBe('1334.00');
    expect(stored.get('cart-store')).not.toMatch(/987|Acme/);
  });

  it('reads a saved cart it had not read yet before writing it back without the prices', async () => {
    await useCartStore.persist.rehydrate();
    state().addItem(item({ price: '987.20', listPrice: '1234.00', priceRule: 'Acuerdo' }));
    const saved = stored.get('cart-store')!;
    // A new page: the memory is empty until the saved cart is read.
    useCartStore.setState({ items: [] });
    stored.set('cart-store', saved);
    vi.spyOn(useCartStore.persist, 'hasHydrated').mockReturnValueOnce(false);

    await forgetBuyerPrices();
    expect(state().items).toEqual([item({ price: '1234.00', listPrice: '1234.00' })]);
    expect(stored.get('cart-store')).not.toContain('987.20');
  });

  it("persists under 'cart-store'", () => {
    state().addItem(item({ quantity: 2 }));
    const saved = JSON.parse(stored.get('cart-store') ?? '{}') as {
      state?: { items?: CartItem[]; totalItemsInCart?: number };
    };
    expect(saved.state?.items?.[0]).toMatchObject({ variantId: 1, quantity: 2, color: 'Verde' });
    expect(saved.state?.totalItemsInCart).toBe(2);
  });
});
