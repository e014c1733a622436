// Which procedure answers the shop's page of cards: catalog.list, shared and cached, with list
// prices; or, for a signed-in customer whose page is sorted or bounded by price, pricing.shop,
// which orders and filters by the member's own price
// (docs/decisions/089-the-buyers-price-on-every-card.md).
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useMe } from '@client/lib/session';
import { useIsHydrated } from '@client/lib/use-is-hydrated';
import { type TrpcOptions, useTRPC } from '@client/lib/trpc';
import type { ShopListInput } from '@shared/schemas/catalog';

/** Sorted by price or bounded by it: whose price it is changes the order or the products. */
const dependsOnPrice = (input: ShopListInput) =>
  input.sort != null || input.minPrice != null || input.maxPrice != null;

/**
 * Never on the server: its HTML, like the caches that may keep it, holds the list prices' order
 * (docs/decisions/063-negotiated-prices-never-shared.md). Without a company the server answers
 * catalog.list's own query, so only the role is known here, not the company.
 */
const asksMemberShop = (role: string | undefined, input: ShopListInput) =>
  !import.meta.env.SSR && role === 'customer' && dependsOnPrice(input);

/**
 * The route's loader: the page the component will read. In the browser the session is already
 * known (the store layout's auth.me), so a member's page by price is fetched once, not first by
 * list price and then reordered.
 */
export function prefetchShopList(
  queryClient: QueryClient,
  trpc: TrpcOptions,
  input: ShopListInput,
): Promise<void> {
  const me = queryClient.getQueryData(trpc.auth.me.queryKey());
  return asksMemberShop(me?.role, input)
    ? queryClient.prefetchQuery(trpc.pricing.shop.queryOptions(input))
    : queryClient.prefetchQuery(trpc.catalog.list.queryOptions(input));
}

/**
 * The shop's page of cards. The previous page stays on screen while the next one loads; a
 * member's first page after the server's HTML shows that HTML's list-price order until the
 * member's order arrives, so hydration matches and the grid never empties.
 */
export function useShopList(input: ShopListInput) {
  const trpc = useTRPC();
  const { data: me } = useMe();
  // Hydration renders the server's list as it was (its spinner included), then the member's.
  const isMemberShop = useIsHydrated() && asksMemberShop(me?.role, input);
  const publicList = useQuery({
    ...trpc.catalog.list.queryOptions(input),
    enabled: !isMemberShop,
    placeholderData: keepPreviousData,
  });
  const memberList = useQuery({
    ...trpc.pricing.shop.queryOptions(input),
    enabled: isMemberShop,
    placeholderData: (previous) => previous ?? publicList.data,
  });
  return isMemberShop ? memberList : publicList;
}
