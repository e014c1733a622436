/**
 * One random draw of featured products per page load: the loader and the component ask with
 * the same seed, and switching the sort keeps the same eight products (see catalog.featured).
 */
export const FEATURED_SEED = Math.floor(Math.random() * 2_147_483_647);
