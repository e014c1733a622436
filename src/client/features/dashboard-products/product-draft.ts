import { z } from 'zod';
import type { ProductFormValues } from './product-form-values';

const DRAFT_KEY = 'product-draft';

// Lenient on purpose: a draft is whatever was typed, valid or not, from an older version too.
const draftSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    brandId: z.number().optional(),
    categoryId: z.number().optional(),
    features: z.array(z.string()),
    description: z.unknown(),
    variants: z.array(
      z.object({
        stock: z.number().nullable(),
        // Typed text now; a number (or null, an empty number input) from an older draft.
        price: z.union([z.string(), z.number()]).nullable(),
        storage: z.string(),
        color: z.string(),
        colorName: z.string(),
      }),
    ),
  })
  .partial();

/** The unsaved create form, without files (a File cannot be stored). */
export function readProductDraft(): Partial<ProductFormValues> | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const { variants, ...rest } = parsed.data;
    const draft: Partial<ProductFormValues> = {
      ...rest,
      ...(variants
        ? {
            variants: variants.map((variant) => ({
              ...variant,
              // JSON turns NaN (an empty number input) into null.
              stock: variant.stock ?? Number.NaN,
              price: variant.price === null ? '' : String(variant.price),
            })),
          }
        : {}),
    };
    return draft;
  } catch {
    return null;
  }
}

export function writeProductDraft(values: ProductFormValues) {
  const { images: _images, ...withoutFiles } = values;
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(withoutFiles));
  } catch {
    // Storage full or disabled: the form keeps working without a draft.
  }
}

export function clearProductDraft() {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear when storage is disabled.
  }
}
