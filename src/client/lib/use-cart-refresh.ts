import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTRPC } from '@client/lib/trpc';
import { useCartStore } from '@client/stores/cart';

/**
 * Reconciles the cart with the server: every line's price, stock, availability, name and
 * image in one catalog.cartLines call. Runs when `isActive` turns true (the cart sheet opens,
 * the checkout mounts) and whenever the returned function is called (a refused quote).
 */
export function useCartRefresh(isActive: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const syncLines = useCartStore((state) => state.syncLines);

  const refresh = useCallback(async () => {
    const variantIds = useCartStore.getState().items.map((item) => item.variantId);
    if (variantIds.length === 0) return;
    const lines = await queryClient.fetchQuery({
      ...trpc.catalog.cartLines.queryOptions({ variantIds }),
      staleTime: 0,
    });
    syncLines(lines);
  }, [queryClient, syncLines, trpc]);

  useEffect(() => {
    // A failed refresh leaves the lines as they were: the server still checks the quote.
    if (isActive) refresh().catch(() => undefined);
  }, [isActive, refresh]);

  return refresh;
}
