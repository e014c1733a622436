import { useQuery } from '@tanstack/react-query';
import { useMe } from '@client/lib/session';
import { useTRPC } from '@client/lib/trpc';

/**
 * The signed-in buyer's own unit prices of these lines (pricing.forMe), asked after
 * hydration: the server's HTML and the shared caches only ever hold list prices
 * (docs/decisions/063-negotiated-prices-never-shared.md). Visitors ask nothing.
 */
export function useMyPrices(lines: { variantId: number; quantity: number }[]) {
  const trpc = useTRPC();
  const { data: me } = useMe();
  const query = useQuery({
    ...trpc.pricing.forMe.queryOptions({ lines }),
    enabled: Boolean(me) && lines.length > 0,
    // A previous quantity's price stays on screen while the new one loads.
    placeholderData: (previous) => previous,
  });
  return query.data;
}
