import type { UseFormReturn } from 'react-hook-form';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import { DEFAULT_IVA_RATE } from '@shared/iva';
import { formatMoneyInput } from '@shared/money-input';
import {
  NEW_VARIANT_DEFAULTS,
  type ProductFormValues,
  type ProductInput,
} from '@shared/schemas/product';
import { EMPTY_DESCRIPTION } from '@shared/schemas/rich-text';

/** What the form holds: the save route's input before zod has trimmed and checked it. */
export type { ProductFormValues };
export type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductInput>;

export type AdminProduct = inferRouterOutputs<AppRouter>['admin']['products']['get'];

/** A new variant: a blank SKU is numbered by the store when saved (TD-000123). */
export const newVariant = () => ({ ...NEW_VARIANT_DEFAULTS, sku: '', mpn: '', tiers: [] });

export const emptyProductValues = (): ProductFormValues => ({
  name: '',
  slug: '',
  brandId: undefined as unknown as number,
  categoryId: undefined as unknown as number,
  ivaRate: DEFAULT_IVA_RATE,
  features: [],
  description: EMPTY_DESCRIPTION,
  variants: [newVariant()],
  images: [],
  tiers: [],
});

export function productToFormValues(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    brandId: product.brandId,
    categoryId: product.categoryId,
    ivaRate: product.ivaRate,
    features: product.features,
    description: product.description,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      // Sent back untouched: the server saves only if the stock is still this value.
      stockRead: variant.stock,
      stock: variant.stock,
      // Shown as a person in Uruguay writes it ('1.150,50'); the schema reads it back.
      price: formatMoneyInput(variant.price),
      storage: variant.storage,
      color: variant.color,
      colorName: variant.colorName,
      sku: variant.sku,
      mpn: variant.mpn ?? '',
      tiers: variant.tiers.map((tier) => ({
        minQuantity: tier.minQuantity,
        // Shown as typed in Uruguay ('12,5'); the schema reads it back.
        percentOff: formatMoneyInput(tier.percentOff),
      })),
    })),
    images: product.images.map((url) => ({ url })),
    tiers: product.tiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      percentOff: formatMoneyInput(tier.percentOff),
    })),
  };
}

/** An array field's own message sits on the array or under `.root`, depending on the source. */
export function arrayErrorMessage(error: unknown): string | undefined {
  const candidate = error as { message?: string; root?: { message?: string } } | undefined;
  return candidate?.message ?? candidate?.root?.message;
}
