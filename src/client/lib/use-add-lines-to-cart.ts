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
  reorderPricesChangedMessage,
} from '@shared/pricing-messages';

/**
 * Puts lines the server priced for this buyer (a saved list, an earlier order) into the cart,
 * says how many, which no longer exist and which prices differ from an order's, and opens the
 * cart.
 */
export function useAddLinesToCart() {
  const addItems = useCartStore((state) => state.addItems);
  const openSheet = useUiStore((state) => state.openSheet);
  const [isAdding, setAdding] = useState(false);

  async function add(
    load: () => Promise<{
      lines: BuyerLine[];
      unavailable?: string[];
      priceChanges?: { name: string; before: string; after: string }[];
    }>,
  ) {
    setAdding(true);
    try {
      const { lines, unavailable = [], priceChanges = [] } = await load();
      if (unavailable.length > 0) notify.error(noLongerAvailableMessage(unavailable));
      if (priceChanges.length > 0) notify.info(reorderPricesChangedMessage(priceChanges));
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
