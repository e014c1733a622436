import { useState } from 'react';
import { notify } from '@client/lib/notify';
import { cartItemOf, type BuyerLine } from '@client/lib/buyer-lines';
import { errorMessage } from '@client/lib/errors';
import { useCartStore } from '@client/stores/cart';
import { useUiStore } from '@client/stores/ui';
import {
  addedToCartMessage,
  noLongerAvailableMessage,
  pricingMessages,
} from '@shared/pricing-messages';

/**
 * Puts lines the server priced for this buyer (a saved list, an earlier order) into the cart,
 * says how many and which no longer exist, and opens the cart.
 */
export function useAddLinesToCart() {
  const addItems = useCartStore((state) => state.addItems);
  const openSheet = useUiStore((state) => state.openSheet);
  const [isAdding, setAdding] = useState(false);

  async function add(load: () => Promise<{ lines: BuyerLine[]; unavailable?: string[] }>) {
    setAdding(true);
    try {
      const { lines, unavailable = [] } = await load();
      if (unavailable.length > 0) notify.error(noLongerAvailableMessage(unavailable));
      if (lines.length === 0) {
        notify.error(pricingMessages.nothingAdded);
        return;
      }
      addItems(lines.map(cartItemOf));
      notify.success(addedToCartMessage(lines.length));
      openSheet('cart');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAdding(false);
    }
  }
  return { add, isAdding };
}
