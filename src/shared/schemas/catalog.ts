import { z } from 'zod';

/** DECISIONS 1: twelve products a page, in the query and in every text. */
export const SHOP_PAGE_SIZE = 12;
/** Home: this many products are picked at random out of the latest FEATURED_POOL. */
export const FEATURED_COUNT = 8;
export const FEATURED_POOL = 20;
export const SIMILAR_COUNT = 4;
export const SEARCH_SHEET_PAGE_SIZE = 8;
export const TAXONOMY_PAGE_SIZE = 50;
export const SEARCH_TERM_MAX = 100;
/** Filter lists are bounded so a hand-written URL cannot ask for thousands of ids. */
export const FILTER_IDS_MAX = 50;
export const PRICE_MAX = 10_000_000;

export const priceSortSchema = z.enum(['asc', 'desc']);
export type PriceSort = z.infer<typeof priceSortSchema>;

const idListSchema = z.array(z.number().int().positive()).max(FILTER_IDS_MAX);
const priceBoundSchema = z.number().min(0).max(PRICE_MAX);
const pageSchema = z.number().int().min(1).max(100_000);

export const shopListInputSchema = z.object({
  search: z.string().trim().max(SEARCH_TERM_MAX).optional(),
  brandIds: idListSchema.default([]),
  categoryIds: idListSchema.default([]),
  /** SPEC.md §5: an empty price input means no bound. */
  minPrice: priceBoundSchema.nullish(),
  maxPrice: priceBoundSchema.nullish(),
  sort: priceSortSchema.nullish(),
  page: pageSchema.default(1),
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

export const productSlugInputSchema = z.object({ slug: z.string().trim().min(1).max(200) });

export const similarInputSchema = z.object({ productId: z.number().int().positive() });

export const searchSheetInputSchema = z.object({
  term: z.string().trim().min(1).max(SEARCH_TERM_MAX),
  page: pageSchema.default(1),
});
export type SearchSheetInput = z.input<typeof searchSheetInputSchema>;
export type SearchSheetQuery = z.output<typeof searchSheetInputSchema>;

/** tRPC infinite queries page with a `cursor`: here the 1-based page number. */
export const taxonomyListInputSchema = z.object({ cursor: pageSchema.default(1) });

/**
 * The shop's state as it lives in the URL (/tienda?search=...&brands=[1,2]&page=2).
 * Every field is optional and a malformed one is dropped rather than failing the page,
 * so a hand-edited or stale link still opens the shop.
 */
export const shopSearchParamsSchema = z.object({
  search: z.string().trim().max(SEARCH_TERM_MAX).optional().catch(undefined),
  brands: idListSchema.optional().catch(undefined),
  categories: idListSchema.optional().catch(undefined),
  min: priceBoundSchema.optional().catch(undefined),
  max: priceBoundSchema.optional().catch(undefined),
  sort: priceSortSchema.optional().catch(undefined),
  page: pageSchema.optional().catch(undefined),
});
export type ShopSearchParams = z.infer<typeof shopSearchParamsSchema>;

/** The procedure input that a shop URL stands for. */
export function shopListInputFromParams(params: ShopSearchParams): ShopListInput {
  return {
    search: params.search || undefined,
    brandIds: params.brands ?? [],
    categoryIds: params.categories ?? [],
    minPrice: params.min ?? null,
    maxPrice: params.max ?? null,
    sort: params.sort ?? null,
    page: params.page ?? 1,
  };
}
