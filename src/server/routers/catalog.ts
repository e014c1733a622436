import {
  cartLinesInputSchema,
  featuredInputSchema,
  searchSheetInputSchema,
  shopListInputSchema,
} from '@shared/schemas/catalog';
import { productSlugInputSchema } from '@shared/schemas/product';
import { taxonomyListInputSchema } from '@shared/schemas/taxonomy';
import { cartLines } from '../services/buying/cart-lines';
import { featuredProducts, productBySlug } from '../services/catalog/catalog';
import {
  catalogCapsOf,
  listShopProducts,
  searchVariantsForSheet,
} from '../services/catalog/catalog-shop';
import { listTaxonomy } from '../services/catalog/taxonomies';
import { publicProcedure, router } from '../trpc/init';

/**
 * The storefront's reads: all public, all paginated or bounded on the server. They must not
 * depend on the session: http/catalog-response-cache.ts shares their answers between visitors.
 */
export const catalogRouter = router({
  /** Home: 8 random products out of the latest 20, ordered by price. */
  featured: publicProcedure
    .input(featuredInputSchema)
    .query(({ ctx, input }) => featuredProducts(ctx.db, input)),

  /** Shop: search, filters, price sort, 12 a page with the total, counted up to a cap. */
  list: publicProcedure
    .input(shopListInputSchema)
    .query(({ ctx, input }) => listShopProducts(ctx.db, input, catalogCapsOf(ctx.config))),

  /** Product page by slug, with its similar products; null when it does not exist. */
  get: publicProcedure
    .input(productSlugInputSchema)
    .query(({ ctx, input }) => productBySlug(ctx.db, input.slug)),

  /** Search sheet: matching variants, a page at a time. */
  search: publicProcedure
    .input(searchSheetInputSchema)
    .query(({ ctx, input }) =>
      searchVariantsForSheet(ctx.db, input, catalogCapsOf(ctx.config).sheet),
    ),

  /** Brands or categories by name: the shop's filters and the home page's brand strip. */
  taxonomies: publicProcedure
    .input(taxonomyListInputSchema)
    .query(({ ctx, input }) => listTaxonomy(ctx.db, input.kind, input.page)),

  /** Cart sheet and checkout: every line's current price, stock and names, in one call. */
  cartLines: publicProcedure
    .input(cartLinesInputSchema)
    .query(({ ctx, input }) =>
      cartLines(ctx.db, input.variantIds, input.quantities, ctx.clock.now()),
    ),
});
