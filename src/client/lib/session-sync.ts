import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RegisteredRouter } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { forgetBuyerPrices, useCartStore } from '@client/stores/cart';
import type { TrpcOptions } from './trpc';

/**
 * Procedures whose answers are anyone's (the server's shared namespaces, and auth.me, which is
 * set rather than dropped). Every other answer belongs to the signed-in user, a company's
 * negotiated prices (pricing, quickOrder, lists) included, and is forgotten when the session
 * ends (docs/decisions/078-account-security-per-asvs.md).
 */
const SHARED_ROUTERS = new Set(['auth', 'catalog', 'blog', 'contact', 'legalPages']);

/** tRPC keys start with the procedure's path: [['orders', 'get'], { input, type }]. */
const routerOf = (key: QueryKey | undefined): string | undefined => {
  const path = key?.[0];
  return Array.isArray(path) && typeof path[0] === 'string' ? path[0] : undefined;
};

const isUnauthorized = (error: unknown) =>
  error instanceof TRPCClientError &&
  (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';

const isPrivate = (key: QueryKey | undefined) => !SHARED_ROUTERS.has(routerOf(key) ?? '');

/**
 * Nothing of the previous user stays in this browser: their answers and their mutations' (a
 * quick order's priced lines) leave the query cache, and the cart keeps its lines at list
 * price, in memory and in localStorage.
 */
function forgetUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => isPrivate(query.queryKey) });
  const mutations = queryClient.getMutationCache();
  for (const mutation of mutations.getAll()) {
    if (isPrivate(mutation.options.mutationKey)) mutations.remove(mutation);
  }
  void forgetBuyerPrices();
}

/**
 * The session ended: the visitor becomes anonymous everywhere at once (header, guards,
 * forms all read auth.me, so setting it updates every observer), and nothing cached for
 * the previous user survives. Setting the cached answer, rather than clearing the whole
 * cache, keeps the mounted observers attached to it.
 */
export function forgetSession(queryClient: QueryClient, trpc: TrpcOptions) {
  queryClient.setQueryData(trpc.auth.me.queryKey(), null);
  forgetUserData(queryClient);
}

/**
 * Keeps the browser's picture of the session true (docs/product.md#sesión):
 * - any UNAUTHORIZED answer of a customer or admin procedure (a session ended in another tab,
 *   expired or revoked) forgets the user and goes to /login?redirect={where it was};
 * - auth.me is asked again whenever the tab regains focus, and when its answer changes the
 *   guarded layouts re-run their guards, so /account or /dashboard leave at once; when it
 *   says the user is gone (or another one is in), the previous user's data is forgotten;
 * - a saved cart read on a page without a session loses any buyer's price it kept (a session
 *   that ended while the browser was closed).
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

  useCartStore.persist.onFinishHydration(() => {
    if (queryClient.getQueryData(meKey) === null) void forgetBuyerPrices();
  });

  // Who the guards last saw: a different answer (signed out, another account) re-runs them.
  let lastMe: string | undefined;
  let lastEmail: string | null = null;
  const seen = (data: unknown) => JSON.stringify(data ?? null);
  const emailOf = (data: unknown) => (data as { email?: string } | null)?.email ?? null;
  queryClient.getQueryCache().subscribe((event) => {
    // The answer the server's render used arrives with the page (hydration adds or sets the
    // query without a 'success'): that is what the guards saw, not a change.
    const isHydrated =
      event.type === 'added' || (event.type === 'updated' && event.action.type === 'setState');
    if (isHydrated && event.query.queryHash === meHash) {
      if (event.query.state.status === 'success') {
        lastMe = seen(event.query.state.data);
        lastEmail = emailOf(event.query.state.data);
      }
      return;
    }
    if (event.type !== 'updated') return;
    if (event.action.type === 'error')
      onError(event.action.error, event.query.queryKey as QueryKey);
    if (event.action.type === 'success' && event.query.queryHash === meHash) {
      const me = seen(event.query.state.data);
      const email = emailOf(event.query.state.data);
      // The account whose data this browser holds is gone: signed out, or another one in.
      if (lastEmail !== null && email !== lastEmail) forgetUserData(queryClient);
      if (lastMe !== undefined && me !== lastMe) void router.invalidate();
      lastMe = me;
      lastEmail = email;
    }
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      onError(event.action.error, event.mutation.options.mutationKey);
    }
  });
}
