// Catalogue sizes and bounds, free of zod so the first bundle can use them cheaply.

/** Twelve products a page, in the query and in every text (docs/decisions/010-page-sizes.md). */
export const SHOP_PAGE_SIZE = 12;
/** Home: this many products are picked at random out of the latest FEATURED_POOL. */
export const FEATURED_COUNT = 8;
export const FEATURED_POOL = 20;
export const SIMILAR_COUNT = 4;
export const SEARCH_SHEET_PAGE_SIZE = 8;
export const SEARCH_TERM_MAX = 100;
/** Filter lists are bounded so a hand-written URL cannot ask for thousands of ids. */
export const FILTER_IDS_MAX = 50;
export const PRICE_MAX = 10_000_000;

export const PRICE_SORTS = ['asc', 'desc'] as const;
export type PriceSort = (typeof PRICE_SORTS)[number];
