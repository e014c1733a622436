import { useState } from 'react';
import type { VariantData } from './types';
import { colourOptions, findVariant, initialVariant, storageOptions } from './variants';

export const MIN_QUANTITY = 1;

/**
 * Product page selection (docs/product.md#producto): the first available colour and its first
 * available storage are chosen at start (the first in-stock variant; the very first when all
 * are sold out); picking a colour resets storage to that colour's first option; quantity starts
 * at 1 and never goes below it. The page remounts this per slug, which resets everything.
 */
export function useVariantSelection(variants: VariantData[]) {
  const colours = colourOptions(variants);
  const [initial] = useState(() => initialVariant(variants));
  const [color, setColorState] = useState(initial?.color);
  const [storage, setStorage] = useState(initial?.storage);
  const [quantity, setQuantityState] = useState(MIN_QUANTITY);
  const variant = findVariant(variants, color, storage);
  // Switching to a variant with less stock lowers the quantity shown rather than offering
  // more than can be quoted.
  const shownQuantity = variant && variant.stock > 0 ? Math.min(quantity, variant.stock) : quantity;

  return {
    colours,
    storages: storageOptions(variants, color),
    color,
    storage,
    quantity: shownQuantity,
    variant,
    isSoldOut: variant !== undefined && variant.stock <= 0,
    setColor: (next: string) => {
      setColorState(next);
      setStorage(storageOptions(variants, next)[0]);
    },
    setStorage,
    setQuantity: (next: number) => {
      setQuantityState(Math.max(MIN_QUANTITY, Math.floor(next)));
    },
  };
}
