import { useQuery } from '@tanstack/react-query';
import { useMe } from '@client/lib/session';
import { useTRPC } from '@client/lib/trpc';

type PricedLines = { variantId: number; quantity: number }[];

/**
 * The signed-in buyer's own unit prices of these lines (pricing.forMe), asked after
 * hydration: the server's HTML and the shared caches only ever hold list prices
 * (docs/decisions/063-negotiated-prices-never-shared.md). Visitors ask nothing.
 */
function useMyPricesInBrowser(lines: PricedLines) {
  const trpc = useTRPC();
  const { data: me } = useMe();
  const query = useQuery({
    ...trpc.pricing.forMe.queryOptions({ lines }),
    enabled: Boolean(me) && lines.length > 0,
    // A previous quantity's price stays on screen while the new one loads.
    placeholderData: (previous) => previous,
  });
  // Signed out, the placeholder must not keep showing the previous buyer's price.
  return me ? query.data : undefined;
}

/**
 * On the server there is never a price of one's own to show (063), so the render builds no
 * query observer for it: the browser's first render has none either, and hydrates the same.
 */
export const useMyPrices: (lines: PricedLines) => ReturnType<typeof useMyPricesInBrowser> =
  import.meta.env.SSR ? () => undefined : useMyPricesInBrowser;
