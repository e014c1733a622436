import { z } from 'zod';
import { FILTER_IDS_MAX, PRICE_MAX, PRICE_SORTS, SEARCH_TERM_MAX } from '../catalog-limits';
import { decimalText } from '../money';
import { MONEY_INPUT_MAX } from '../money-input';
import { boundedText, idSchema, slugLookupSchema } from './common';
import { amountFromText, type AmountRules } from './money';
import { QUOTE_MAX_LINES, QUOTE_MAX_QUANTITY } from './order';
import { pageSchema } from './page';

export const priceSortSchema = z.enum(PRICE_SORTS);

const idListSchema = z.array(idSchema).max(FILTER_IDS_MAX);
const PRICE_BOUND_RULES = {
  max: { amount: String(PRICE_MAX), message: 'El precio es demasiado alto' },
} satisfies AmountRules;
// The shop's URL carries numbers (any decimals: see boundInCents), read as the decimal text
// they stand for; a caller may also send the text typed in the filter ('1.200'), read as every
// money input reads it. Either way the bound goes on as a decimal string ('1200.00'), never a
// float (docs/decisions/052-money-typed-the-uruguayan-way.md).
const priceBoundSchema = z
  .union([z.number().min(0).max(PRICE_MAX), z.string().max(MONEY_INPUT_MAX)])
  .transform((bound, ctx) =>
    typeof bound === 'number' ? decimalText(bound) : amountFromText(bound, PRICE_BOUND_RULES, ctx),
  );

export const shopListInputSchema = z.object({
  search: boundedText(
    SEARCH_TERM_MAX,
    `La búsqueda no debe exceder los ${SEARCH_TERM_MAX} caracteres`,
  ).optional(),
  brandIds: idListSchema.default([]),
  categoryIds: idListSchema.default([]),
  /** An empty price input means no bound (docs/product.md#tienda). */
  minPrice: priceBoundSchema.nullish(),
  maxPrice: priceBoundSchema.nullish(),
  sort: priceSortSchema.nullish(),
  page: pageSchema,
});
export type ShopListInput = z.input<typeof shopListInputSchema>;
/** The input after defaults: what the server's query receives. */
export type ShopListQuery = z.output<typeof shopListInputSchema>;

export const featuredInputSchema = z.object({
  sort: priceSortSchema.default('desc'),
  /**
   * Makes the random pick repeatable: the same seed gives the same eight products, so
   * switching the sort reorders them instead of drawing new ones.
   */
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type FeaturedInput = z.input<typeof featuredInputSchema>;

export const productSlugInputSchema = z.object({ slug: slugLookupSchema });

export const searchSheetInputSchema = z.object({
  term: z
    .string()
    .trim()
    .min(1)
    .max(SEARCH_TERM_MAX, `La búsqueda no debe exceder los ${SEARCH_TERM_MAX} caracteres`),
  page: pageSchema,
});
export type SearchSheetInput = z.input<typeof searchSheetInputSchema>;
export type SearchSheetQuery = z.output<typeof searchSheetInputSchema>;

/** A cart holds at most as many lines as a quote accepts. */
export const CART_LINES_MAX = QUOTE_MAX_LINES;

/**
 * catalog.cartLines: the variants in the visitor's cart, refreshed from the server, and
 * optionally each one's quantity (`quantities[i]` is `variantIds[i]`'s), for its volume price.
 */
export const cartLinesInputSchema = z
  .object({
    variantIds: z.array(idSchema).max(CART_LINES_MAX),
    quantities: z
      .array(z.number().int().min(1).max(QUOTE_MAX_QUANTITY))
      .max(CART_LINES_MAX)
      .optional(),
  })
  .refine(
    (input) => !input.quantities || input.quantities.length === input.variantIds.length,
    'Cada producto del carro lleva su cantidad',
  );
export type CartLinesInput = z.infer<typeof cartLinesInputSchema>;
