import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { notify } from '@client/lib/notify';
import { useTRPC } from '@client/lib/trpc';
import { messages } from '@shared/client-messages';
import type { OrderStatus } from '@shared/order-status';

/** 'Stock insuficiente: X' says why reopening failed; anything else gets the generic text. */
function failureText(error: unknown) {
  const code =
    error instanceof TRPCClientError ? (error.data as { code?: string })?.code : undefined;
  return code === 'CONFLICT'
    ? `${messages.orderStatusFailed}. ${(error as Error).message}`
    : messages.orderStatusFailed;
}

/**
 * Changes an order's status at once on screen; the list and detail caches are patched before the
 * server answers and restored if it refuses.
 */
export function useSetOrderStatus() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ordersKey = trpc.admin.orders.pathKey();

  return useMutation(
    trpc.admin.orders.setStatus.mutationOptions({
      onMutate: async ({ id, status }: { id: number; status: OrderStatus; reason?: string }) => {
        await queryClient.cancelQueries({ queryKey: ordersKey });
        const previous = queryClient.getQueriesData({ queryKey: ordersKey });
        queryClient.setQueriesData({ queryKey: trpc.admin.orders.list.pathKey() }, (data) => {
          const page = data as { items: { id: number; status: string }[] } | undefined;
          return page
            ? { ...page, items: page.items.map((o) => (o.id === id ? { ...o, status } : o)) }
            : page;
        });
        queryClient.setQueryData(trpc.admin.orders.get.queryKey({ id }), (order) =>
          order ? { ...order, status } : order,
        );
        return { previous };
      },
      onError: (error, _input, context) => {
        for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
        notify.error(failureText(error));
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
    }),
  );
}
