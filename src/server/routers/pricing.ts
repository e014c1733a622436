import { shopListInputSchema } from '@shared/schemas/catalog';
import {
  pricingCardsInputSchema,
  pricingForMeInputSchema,
  quickOrderInputSchema,
} from '@shared/schemas/pricing';
import { pricesForCustomer } from '../services/buying/buyer-lines';
import { cardPricesForCustomer } from '../services/buying/member-cards';
import { listShopForCustomer } from '../services/buying/member-shop';
import { catalogCapsOf } from '../services/catalog/catalog-shop';
import { resolveQuickOrder } from '../services/buying/quick-order';
import { customerProcedure, router } from '../trpc/init';

/**
 * A signed-in buyer's own prices. Never under catalog.*: the catalogue answer cache shares
 * those between visitors, and these answers are one customer's (sent `private, no-store`,
 * docs/decisions/063-negotiated-prices-never-shared.md).
 */
export const pricingRouter = router({
  /** The product page, the cart and the checkout: 'Tu precio' of each line asked. */
  forMe: customerProcedure
    .input(pricingForMeInputSchema)
    .query(({ ctx, input }) =>
      pricesForCustomer(ctx.db, ctx.session.customer.id, input.lines, ctx.clock.now()),
    ),

  /** Every card on screen (home, shop, similar products): the variants priced below list. */
  cards: customerProcedure
    .input(pricingCardsInputSchema)
    .query(({ ctx, input }) =>
      cardPricesForCustomer(ctx.db, ctx.session.customer.id, input.productIds, ctx.clock.now()),
    ),

  /** The shop filtered or sorted by the member's own price ('precio'); never cached. */
  shop: customerProcedure
    .input(shopListInputSchema)
    .query(({ ctx, input }) =>
      listShopForCustomer(
        ctx.db,
        ctx.session.customer.id,
        input,
        ctx.clock.now(),
        catalogCapsOf(ctx.config),
      ),
    ),
});

/** /pedido-rapido: SKUs and quantities become cart lines at the buyer's prices. */
export const quickOrderRouter = router({
  resolve: customerProcedure
    .input(quickOrderInputSchema)
    .query(({ ctx, input }) =>
      resolveQuickOrder(ctx.db, ctx.session.customer.id, input, ctx.clock.now()),
    ),
});
