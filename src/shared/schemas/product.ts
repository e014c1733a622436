import { z } from 'zod';
import { messages } from '../client-messages';
import { IVA_RATES } from '../iva';
import { SLUG_PATTERN } from '../slug';
import { boundedText, ID_MAX, idSchema, requiredText, slugLookupSchema } from './common';
import { amountSchema } from './money';
import { QUOTE_MAX_QUANTITY } from './order';
import { pageSchema } from './page';
import { richTextDocSchema } from './rich-text';

export const PRODUCT_NAME_MAX = 150;
export const PRODUCT_SLUG_MAX = 160;
export const FEATURE_MAX_LENGTH = 200;
export const MAX_FEATURES = 30;
export const MAX_VARIANTS = 50;
export const MAX_PRODUCT_IMAGES = 10;
/** A variant's price, as the numeric(12,2) column and its CHECK (price >= 0.01) take it. */
export const PRICE_MIN = '0.01';
export const PRICE_MAX = '9999999.99';
export const STOCK_MAX = 1_000_000;
export const COLOR_MAX = 60;
export const IMAGE_URL_MAX = 500;
export const ADMIN_SEARCH_MAX = 100;
/** The store's code of a variant (docs/decisions/064-skus.md). */
export const SKU_MAX = 40;
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const MPN_MAX = 60;
/** Volume prices of one variant or of a whole product ('Precios por volumen'). */
export const MAX_PRICE_TIERS = 5;
export const TIER_MIN_QUANTITY = 2;
/** A volume price past what one quote line takes could never apply. */
export const TIER_MAX_QUANTITY = QUOTE_MAX_QUANTITY;
/** Admin products table (docs/decisions/010-page-sizes.md). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 10;

/** What "Agregar variante" starts from (docs/product.md#dashboard-productos-form). */
export const NEW_VARIANT_DEFAULTS = {
  stock: 0,
  // Typed text (src/shared/money-input.ts): the field starts empty, not with a '0' to delete.
  price: '',
  storage: '',
  color: '#000000',
  colorName: 'Negro',
} as const;

// Hex with 3 or 6 digits, rgb()/rgba() and hsl()/hsla() in their comma syntax.
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR =
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:\d*\.?\d+%?)\s*)?\)$/i;
const HSL_COLOR =
  /^hsla?\(\s*\d{1,3}(?:\.\d+)?(?:deg)?\s*,\s*\d{1,3}(?:\.\d+)?%\s*,\s*\d{1,3}(?:\.\d+)?%\s*(?:,\s*(?:\d*\.?\d+%?)\s*)?\)$/i;

export const isValidColor = (value: string) =>
  HEX_COLOR.test(value) || RGB_COLOR.test(value) || HSL_COLOR.test(value);

const SKU_MESSAGE = 'El SKU admite letras, números, punto, guion y barra, sin espacios';

/** A variant's SKU as typed: blank leaves it to the store (a new variant gets TD-000123). */
export const skuSchema = z
  .string()
  .trim()
  .max(SKU_MAX, `El SKU no debe exceder los ${SKU_MAX} caracteres`)
  .refine((value) => value === '' || SKU_PATTERN.test(value), SKU_MESSAGE);

/** One volume price: from `minQuantity` units of a line, `percentOff` below the list price. */
export const priceTierInputSchema = z.object({
  minQuantity: z
    .number({ error: 'Ingresá una cantidad' })
    .int('La cantidad debe ser un número entero')
    .min(TIER_MIN_QUANTITY, `El precio por volumen empieza en ${TIER_MIN_QUANTITY} unidades o más`)
    .max(TIER_MAX_QUANTITY, `La cantidad máxima es ${TIER_MAX_QUANTITY}`),
  // Typed the Uruguayan way ('12,5'; or 12.5 from JSON) -> '12.50'.
  percentOff: amountSchema({
    invalid: messages.discountInputInvalid,
    required: 'Ingresá el descuento',
    min: { amount: '0.01', message: 'El descuento debe ser mayor a 0 %' },
    max: { amount: '99.99', message: 'El descuento debe ser menor a 100 %' },
  }),
});
export type PriceTierInput = z.infer<typeof priceTierInputSchema>;

/** Said under the second row that starts at a quantity another row already has. */
export const TIER_REPEATED_MESSAGE = 'Ya hay un precio por volumen desde esta cantidad';

/** A variant's volume prices, or a whole product's ('Para todas las variantes'; decision 093). */
export const priceTiersSchema = z
  .array(priceTierInputSchema)
  .max(MAX_PRICE_TIERS, `Máximo ${MAX_PRICE_TIERS} precios por volumen`)
  .superRefine(
    (tiers, ctx) => {
      const seen = new Set<number>();
      tiers.forEach((tier, index) => {
        // Run beside the rows' own messages (`when` below), so a row may still be unparsed.
        const quantity: unknown = tier?.minQuantity;
        if (typeof quantity !== 'number' || !Number.isInteger(quantity)) return;
        if (seen.has(quantity)) {
          ctx.addIssue({
            code: 'custom',
            message: TIER_REPEATED_MESSAGE,
            path: [index, 'minQuantity'],
          });
        }
        seen.add(quantity);
      });
    },
    // Said together with a row's other mistakes, not only once they are fixed.
    { when: (payload) => Array.isArray(payload.value) },
  );

export const variantInputSchema = z.object({
  /** Present for a variant that already exists: it is updated instead of recreated. */
  id: idSchema.optional(),
  /** The stock the form loaded, sent with every existing variant (see services/catalog/product-save.ts). */
  stockRead: z.number().int().min(0).max(STOCK_MAX).optional(),
  // The database refuses negative stock (CHECK stock >= 0), so the form says so first.
  stock: z
    .number({ error: 'El stock debe ser un número entero' })
    .int('El stock debe ser un número entero')
    .min(0, 'El stock no puede ser negativo')
    .max(STOCK_MAX, 'El stock es demasiado alto'),
  // '1.150,50' as typed in the form (or 1150.5 from JSON) -> '1150.50'.
  price: amountSchema({
    required: 'Ingresá el precio',
    min: { amount: PRICE_MIN, message: 'El precio debe ser mayor a 0' },
    max: { amount: PRICE_MAX, message: 'El precio es demasiado alto' },
  }),
  storage: requiredText(
    60,
    'El almacenamiento es requerido',
    'El almacenamiento no debe exceder los 60 caracteres',
  ),
  color: z
    .string()
    .trim()
    .max(COLOR_MAX, { message: 'El color no debe exceder los 60 caracteres', abort: true })
    .refine(isValidColor, 'El color debe ser un valor válido en formato hexadecimal, RGB o HSL'),
  colorName: requiredText(
    40,
    'El nombre del color es obligatorio',
    'El nombre del color no debe exceder los 40 caracteres',
  ),
  sku: skuSchema.optional(),
  mpn: boundedText(MPN_MAX, `El MPN no debe exceder los ${MPN_MAX} caracteres`).optional(),
  tiers: priceTiersSchema.optional(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

/** Where two variants of one product are given the same SKU, whatever the case. */
export function repeatedSkuIndexes(variants: { sku?: string }[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  variants.forEach((variant, index) => {
    const key = variant.sku?.trim().toUpperCase();
    if (!key) return;
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}

/** The multipart save routes: the product JSON travels in this field beside the files. */
export const PRODUCT_JSON_FIELD = 'product';
export const productSaveUrl = (productId?: number) =>
  productId === undefined ? '/api/admin/products' : `/api/admin/products/${productId}`;

/** Names a file part of the save request; the browser picks it when the file is chosen. */
export const UPLOAD_KEY_PATTERN = /^nueva-[a-z0-9]{1,24}$/;

/**
 * One image of the product in display order: either one it already has (by its URL) or a
 * file sent in the same request under the part name `upload`.
 */
export const productImageRefSchema = z.union([
  z.object({ url: z.string().min(1).max(IMAGE_URL_MAX, 'Imagen inválida') }),
  z.object({
    upload: z.string().max(40, 'Imagen inválida').regex(UPLOAD_KEY_PATTERN, 'Imagen inválida'),
  }),
]);
export type ProductImageRef = z.infer<typeof productImageRefSchema>;

const foreignKeySchema = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);

/** The product form and the save route: one schema, so every message is the same on both. */
export const productInputSchema = z.object({
  name: requiredText(
    PRODUCT_NAME_MAX,
    'El nombre del producto es obligatorio',
    'El nombre no debe exceder los 150 caracteres',
  ),
  slug: z
    .string()
    .trim()
    .min(1, { message: 'El slug del producto es obligatorio', abort: true })
    .max(PRODUCT_SLUG_MAX, 'El slug no debe exceder los 160 caracteres')
    .regex(SLUG_PATTERN, 'La dirección web solo puede tener minúsculas, números y guiones'),
  brandId: foreignKeySchema('La marca es obligatoria'),
  categoryId: foreignKeySchema('La categoría es obligatoria'),
  features: z
    .array(
      requiredText(
        FEATURE_MAX_LENGTH,
        'La característica no puede estar vacía',
        'La característica no debe exceder los 200 caracteres',
      ),
    )
    .max(MAX_FEATURES, 'Máximo 30 características'),
  description: richTextDocSchema,
  variants: z
    .array(variantInputSchema)
    .min(1, 'Debe haber al menos una variante')
    .max(MAX_VARIANTS, 'Máximo 50 variantes')
    .superRefine((variants, ctx) => {
      for (const index of repeatedSkuIndexes(variants)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Otra variante de este producto ya usa este SKU',
          path: [index, 'sku'],
        });
      }
    }),
  /**
   * Volume prices for every variant without tiers of its own (a variant's own replace these;
   * decision 093). Absent (the catalogue import, older clients) keeps what is stored.
   */
  tiers: priceTiersSchema.optional(),
  // Absent (the catalogue import, older clients) leaves the product's rate as it is.
  ivaRate: z.enum(IVA_RATES, 'Elegí la tasa de IVA').optional(),
  images: z
    .array(productImageRefSchema)
    .min(1, 'Debe haber al menos una imagen')
    .max(MAX_PRODUCT_IMAGES, 'Máximo 10 imágenes por producto'),
});
export type ProductInput = z.infer<typeof productInputSchema>;
/** What the form and the save route's JSON hold: prices as typed ('1.150,50') or numbers. */
export type ProductFormValues = z.input<typeof productInputSchema>;

export const adminProductListInputSchema = z.object({
  page: pageSchema,
  search: boundedText(
    ADMIN_SEARCH_MAX,
    `La búsqueda no debe exceder los ${ADMIN_SEARCH_MAX} caracteres`,
  ).default(''),
});
export type AdminProductListInput = z.input<typeof adminProductListInputSchema>;

export const productSlugInputSchema = z.object({ slug: slugLookupSchema });
export const productIdInputSchema = z.object({ id: idSchema });
