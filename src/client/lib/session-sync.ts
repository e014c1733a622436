import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RegisteredRouter } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import type { TrpcOptions } from './trpc';

/** Procedures whose answers belong to the signed-in user: forgotten when the session ends. */
const PRIVATE_ROUTERS = new Set(['account', 'orders', 'admin']);

/** tRPC keys start with the procedure's path: [['orders', 'get'], { input, type }]. */
const routerOf = (key: QueryKey | undefined): string | undefined => {
  const path = key?.[0];
  return Array.isArray(path) && typeof path[0] === 'string' ? path[0] : undefined;
};

const isUnauthorized = (error: unknown) =>
  error instanceof TRPCClientError &&
  (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';

/**
 * The session ended: the visitor becomes anonymous everywhere at once (header, guards,
 * forms all read auth.me, so setting it updates every observer), and nothing cached for
 * the previous user survives. Setting the cached answer, rather than clearing the whole
 * cache, keeps the mounted observers attached to it.
 */
export function forgetSession(queryClient: QueryClient, trpc: TrpcOptions) {
  queryClient.setQueryData(trpc.auth.me.queryKey(), null);
  queryClient.removeQueries({
    predicate: (query) => PRIVATE_ROUTERS.has(routerOf(query.queryKey) ?? ''),
  });
}

/**
 * Keeps the browser's picture of the session true (docs/product.md#sesión):
 * - any UNAUTHORIZED answer of a customer or admin procedure (a session ended in another tab,
 *   expired or revoked) forgets the user and goes to /login?redirect={where it was};
 * - auth.me is asked again whenever the tab regains focus, and when its answer changes the
 *   guarded layouts re-run their guards, so /account or /dashboard leave at once.
 * auth.* itself answers UNAUTHORIZED for wrong credentials: those stay on their form.
 */
export function installSessionSync(
  queryClient: QueryClient,
  trpc: TrpcOptions,
  router: RegisteredRouter,
) {
  const meKey = trpc.auth.me.queryKey();
  const meHash = hashKey(meKey);
  // The answer that came with the page is true when it loads: a shared (cached) rendering only
  // goes to visitors without a session cookie, and a signed-in visitor's page is rendered for
  // them. So it is not asked again on mount, only on focus and after sign-in/out.
  queryClient.setQueryDefaults(meKey, { staleTime: Infinity, refetchOnWindowFocus: 'always' });

  const onError = (error: unknown, key: QueryKey | undefined) => {
    if (!isUnauthorized(error) || routerOf(key) === 'auth') return;
    forgetSession(queryClient, trpc);
    const { pathname, href } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate({ to: '/login', search: { redirect: href } });
  };

  // Who the guards last saw: a different answer (signed out, another account) re-runs them.
  let lastMe: string | undefined;
  const seen = (data: unknown) => JSON.stringify(data ?? null);
  queryClient.getQueryCache().subscribe((event) => {
    // The answer the server's render used arrives with the page (hydration adds or sets the
    // query without a 'success'): that is what the guards saw, not a change.
    const isHydrated =
      event.type === 'added' || (event.type === 'updated' && event.action.type === 'setState');
    if (isHydrated && event.query.queryHash === meHash) {
      if (event.query.state.status === 'success') lastMe = seen(event.query.state.data);
      return;
    }
    if (event.type !== 'updated') return;
    if (event.action.type === 'error')
      onError(event.action.error, event.query.queryKey as QueryKey);
    if (event.action.type === 'success' && event.query.queryHash === meHash) {
      const me = seen(event.query.state.data);
      if (lastMe !== undefined && me !== lastMe) void router.invalidate();
      lastMe = me;
    }
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      onError(event.action.error, event.mutation.options.mutationKey);
    }
  });
}
