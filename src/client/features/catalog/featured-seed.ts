/**
 * One random draw of featured products per visit of the home: its loader draws the seed and
 * hands it to the page, so the server's render and the browser's hydration ask for the same
 * products, and switching the sort keeps the same eight (see catalog.featured).
 */
export const drawFeaturedSeed = () => Math.floor(Math.random() * 2_147_483_647);
