// Pure rules for choosing a variant (docs/product.md#producto), shared by the card and the page.
import type { CartItem } from '@client/stores/cart';
import { parseCents } from '@shared/money';
import type { VariantData } from './types';

export type ColourOption = { color: string; colorName: string };

/** Distinct colours in the order the variants were entered. */
export function colourOptions(variants: VariantData[]): ColourOption[] {
  const seen = new Map<string, ColourOption>();
  for (const variant of variants) {
    if (!seen.has(variant.color)) {
      seen.set(variant.color, { color: variant.color, colorName: variant.colorName });
    }
  }
  return [...seen.values()];
}

/** Distinct storage/processor options of one colour, in entry order. */
export function storageOptions(variants: VariantData[], color: string | undefined): string[] {
  return [...new Set(variants.filter((v) => v.color === color).map((v) => v.storage))];
}

export const findVariant = (
  variants: VariantData[],
  color: string | undefined,
  storage: string | undefined,
) => variants.find((v) => v.color === color && v.storage === storage);

/** Where a selection starts: the first in-stock variant, else the first. */
export const initialVariant = (variants: VariantData[]) =>
  variants.find((v) => v.stock > 0) ?? variants[0];

/** What the card's 'Añadir' adds: the first variant of the colour that has stock. */
export const firstInStock = (variants: VariantData[], color: string | undefined) =>
  variants.find((v) => v.color === color && v.stock > 0);

/** Lowest price among a colour's variants (the card shows the selected colour's price). */
export function lowestPrice(variants: VariantData[], color: string | undefined): string | null {
  const prices = variants.filter((v) => v.color === color).map((v) => v.price);
  if (prices.length === 0) return null;
  return prices.reduce((lowest, price) =>
    parseCents(price) < parseCents(lowest) ? price : lowest,
  );
}

/** The cart line for a variant. */
export function cartItemFor(
  product: { slug: string; name: string; image: string | null },
  variant: VariantData,
  quantity: number,
): CartItem {
  return {
    variantId: variant.id,
    productId: product.slug,
    name: product.name,
    image: product.image ?? '',
    color: variant.colorName,
    storage: variant.storage,
    price: variant.price,
    quantity,
  };
}
