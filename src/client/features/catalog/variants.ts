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

/**
 * A card's price for a member at one unit: the lowest of its variants (of the colour picked,
 * when one was) at the member's price where it is below list, or undefined when that is not
 * below the card's list price (docs/decisions/089-the-buyers-price-on-every-card.md).
 */
export function lowestMemberPrice(
  variants: VariantData[],
  color: string | undefined,
  listPrice: string,
  memberPrices: ReadonlyMap<number, string> | undefined,
): string | undefined {
  if (!memberPrices || memberPrices.size === 0) return undefined;
  let lowest: string | undefined;
  for (const variant of variants) {
    if (color !== undefined && variant.color !== color) continue;
    const price = memberPrices.get(variant.id) ?? variant.price;
    if (lowest === undefined || parseCents(price) < parseCents(lowest)) lowest = price;
  }
  return lowest !== undefined && parseCents(lowest) < parseCents(listPrice) ? lowest : undefined;
}

/**
 * Cards in price order by what each costs this member (the lowest of its variants at one unit):
 * the server ordered them by list price. Ties keep the server's order.
 */
export function byMemberPrice<T extends { minPrice: string; variants: VariantData[] }>(
  cards: T[],
  sort: 'asc' | 'desc',
  memberPrices: ReadonlyMap<number, string> | undefined,
): T[] {
  if (!memberPrices || memberPrices.size === 0) return cards;
  const direction = sort === 'asc' ? 1 : -1;
  return cards
    .map((card) => ({
      card,
      cents: parseCents(
        lowestMemberPrice(card.variants, undefined, card.minPrice, memberPrices) ?? card.minPrice,
      ),
    }))
    .sort((a, b) => (a.cents === b.cents ? 0 : a.cents < b.cents ? -direction : direction))
    .map(({ card }) => card);
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
