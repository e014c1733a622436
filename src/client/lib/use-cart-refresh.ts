import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useMe } from '@client/lib/session';
import { useTRPC } from '@client/lib/trpc';
import { type ServerCartLine, useCartStore } from '@client/stores/cart';
import { useDebouncedValue } from './use-debounced-value';

/** The cart's variants and quantities: a change asks the server for the prices again. */
const cartSignature = () =>
  useCartStore
    .getState()
    .items.map((item) => `${item.variantId}x${item.quantity}`)
    .join(',');

/**
 * Reconciles the cart with the server: every line's price, stock, availability, name and
 * image in one catalog.cartLines call (list and volume prices, public), and for a signed-in
 * buyer their own prices in one pricing.forMe call, never cached by anyone but them
 * (docs/decisions/063-negotiated-prices-never-shared.md). Runs when `isActive` turns true (the
 * cart sheet opens, the checkout mounts), when a quantity changes while active (a volume price
 * may start), and whenever the returned function is called (a refused quote).
 */
export function useCartRefresh(isActive: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const syncLines = useCartStore((state) => state.syncLines);
  const signature = useDebouncedValue(
    useCartStore((state) =>
      state.items.map((item) => `${item.variantId}x${item.quantity}`).join(','),
    ),
    300,
  );

  const refresh = useCallback(async () => {
    const items = useCartStore.getState().items;
    if (items.length === 0) return;
    const asked = cartSignature();
    const lines = items.map(({ variantId, quantity }) => ({ variantId, quantity }));
    const [serverLines, mine] = await Promise.all([
      queryClient.fetchQuery({
        ...trpc.catalog.cartLines.queryOptions({
          variantIds: lines.map((line) => line.variantId),
          quantities: lines.map((line) => line.quantity),
        }),
        staleTime: 0,
      }),
      // Without the buyer's prices the cart shows anyone's; the server prices the quote anyway.
      me
        ? queryClient
            .fetchQuery({ ...trpc.pricing.forMe.queryOptions({ lines }), staleTime: 0 })
            .catch(() => [])
        : Promise.resolve([]),
    ]);
    // A quantity changed while asking: the next refresh brings the prices of the new one.
    if (asked !== cartSignature()) return;
    const mineById = new Map(mine.map((line) => [line.variantId, line]));
    syncLines(
      serverLines.map((line): ServerCartLine =>
        line.exists && mineById.has(line.variantId)
          ? { ...line, buyerPrice: mineById.get(line.variantId) }
          : line,
      ),
    );
  }, [queryClient, syncLines, trpc, me]);

  useEffect(() => {
    // A failed refresh leaves the lines as they were: the server still checks the quote.
    if (isActive) refresh().catch(() => undefined);
  }, [isActive, refresh, signature]);

  return refresh;
}
