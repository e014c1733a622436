import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/router';
import { useMe } from '@client/lib/session';
import { type TrpcOptions, useTRPC } from '@client/lib/trpc';
import { CARD_PRICES_PRODUCTS_MAX } from '@shared/schemas/pricing';

type CardPrices = inferRouterOutputs<AppRouter>['pricing']['cards'];

/** A variant's price for the signed-in member at one unit, by variant id; only those below list. */
export type MemberCardPrices = ReadonlyMap<number, string>;

/**
 * pricing.cards for these products. The ids are sorted and deduplicated, so the same cards in
 * another order (the home's price sort) are the same query.
 */
export function memberCardPricesOptions(trpc: TrpcOptions, productIds: readonly number[]) {
  const ids = [...new Set(productIds)].sort((a, b) => a - b).slice(0, CARD_PRICES_PRODUCTS_MAX);
  return trpc.pricing.cards.queryOptions({ productIds: ids });
}

// Outside the component, so the query keeps one map per answer instead of one per render.
const byVariant = (prices: CardPrices): MemberCardPrices =>
  new Map(prices.map((price) => [price.variantId, price.unitPrice]));

/**
 * The signed-in member's prices of the cards on screen (home, the shop, similar products), in
 * one private call per screen after hydration (docs/decisions/089-the-buyers-price-on-every-card.md).
 * The server's HTML and the shared caches hold list prices only (063); visitors and staff ask
 * nothing, and a customer without a company is answered an empty list.
 */
function useMemberCardPricesInBrowser(productIds: readonly number[]) {
  const trpc = useTRPC();
  const { data: me } = useMe();
  const isCustomer = me?.role === 'customer';
  const query = useQuery({
    ...memberCardPricesOptions(trpc, productIds),
    enabled: isCustomer && productIds.length > 0,
    select: byVariant,
    // The previous cards' prices stay while the next page's load: a card that was on both keeps
    // its price, the others show the list price until the answer.
    placeholderData: (previous) => previous,
  });
  // Signed out, the placeholder must not keep showing the previous buyer's prices.
  return isCustomer ? query.data : undefined;
}

/**
 * On the server there is never a price of one's own to show (063), so the render builds no
 * query observer for it: the browser's first render has none either, and hydrates the same.
 */
export const useMemberCardPrices: (productIds: readonly number[]) => MemberCardPrices | undefined =
  import.meta.env.SSR ? () => undefined : useMemberCardPricesInBrowser;
