// Catalogue sizes and bounds, free of zod so the first bundle can use them cheaply.

/** Twelve products a page, in the query and in every text (docs/decisions/010-page-sizes.md). */
export const SHOP_PAGE_SIZE = 12;
/** Home: this many products are picked at random out of the latest FEATURED_POOL. */
export const FEATURED_COUNT = 8;
export const FEATURED_POOL = 20;
export const SIMILAR_COUNT = 4;
export const SEARCH_SHEET_PAGE_SIZE = 8;
/**
 * The shop counts a list's products exactly up to this many and pages through them only that
 * far; past it the total reads 'más de 10.000' and filters narrow the list
 * (docs/decisions/067-a-shop-list-and-search-at-scale.md). The store's SHOP_COUNT_CAP.
 */
export const SHOP_COUNT_CAP = 10_000;
/**
 * A search looks at this many matching products at most: the newest ones (or the cheapest or
 * dearest, sorted by price), ranked by match; past it 'más de 200'. The store's
 * SEARCH_COUNT_CAP. Each product a search walks costs its similarity (decision 067).
 */
export const SEARCH_COUNT_CAP = 200;
/**
 * The search sheet, a quick look with 'Ver todos los resultados en la tienda' under it, ranks
 * its newest 48 matches (at most SEARCH_COUNT_CAP): six pages of eight products or more, since
 * it lists their variants. Fewer products walked and ranked per search than the shop's 200
 * (docs/decisions/072-a-search-sheet-that-looks-at-fewer.md). The store's SEARCH_SHEET_COUNT_CAP.
 */
export const SEARCH_SHEET_COUNT_CAP = 48;
export const SEARCH_TERM_MAX = 100;
/** Filter lists are bounded so a hand-written URL cannot ask for thousands of ids. */
export const FILTER_IDS_MAX = 50;
export const PRICE_MAX = 10_000_000;

export const PRICE_SORTS = ['asc', 'desc'] as const;
export type PriceSort = (typeof PRICE_SORTS)[number];
