import { useQuery } from '@tanstack/react-query';
import { useMe } from '@client/lib/session';
import { useTRPC } from '@client/lib/trpc';
import type { RouterContext } from '@client/lib/router-context';

// A customer reads their own order; an admin may open any order's confirmation, through the
// admin procedure (the server decides either way: docs/decisions/014-server-enforced-tiers.md).
export async function prefetchThankYouOrder(context: RouterContext, id: number) {
  const me = await context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions());
  if (me?.role === 'admin') {
    await context.queryClient.prefetchQuery(context.trpc.admin.orders.get.queryOptions({ id }));
  } else {
    await context.queryClient.prefetchQuery(context.trpc.orders.get.queryOptions({ id }));
  }
}

export function useThankYouOrder(id: number) {
  const trpc = useTRPC();
  const { data: me } = useMe();
  const isAdmin = me?.role === 'admin';
  const asCustomer = useQuery(trpc.orders.get.queryOptions({ id }, { enabled: !isAdmin }));
  const asAdmin = useQuery(trpc.admin.orders.get.queryOptions({ id }, { enabled: isAdmin }));
  return isAdmin ? asAdmin : asCustomer;
}
