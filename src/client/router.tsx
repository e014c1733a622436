import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { type AnyRouter, createRouter, type LocationRewrite } from '@tanstack/react-router';
import { ErrorScreen, NotFoundScreen } from '@client/components/layout/status-screens';
import { TrpcOptionsProvider } from '@client/lib/trpc';
import type { RouterContext } from '@client/lib/router-context';
import { routeTree } from './routeTree.gen';
import { hasUndecodablePath } from '@shared/addresses';
import { BAD_ADDRESS_PATH } from '@client/lib/bad-address';

/**
 * An address whose escapes do not decode ('/tienda/%E0%A4%A') matches no route, not even the
 * store's catch-all (its parameter must decode), so it would render the bare root not-found
 * screen. On a page loaded at such an address, the router reads it as BAD_ADDRESS_PATH, which
 * the catch-all shows inside the store layout, and writes that path back as the address asked
 * for, so the address bar keeps it. Server and browser both install it from the same address,
 * so hydration finds the page the server rendered. Only then: with a rewrite, the router builds
 * every link through URL objects.
 */
function badAddressRewrite(address: string | undefined): LocationRewrite | undefined {
  if (address === undefined || !hasUndecodablePath(address)) return undefined;
  return {
    input: ({ url }) =>
      hasUndecodablePath(url.pathname) ? new URL(BAD_ADDRESS_PATH, url) : undefined,
    output: ({ url }) => (url.pathname === BAD_ADDRESS_PATH ? new URL(address, url) : undefined),
  };
}

/** What the server's page carries of its TanStack Query cache. */
type DehydratedQueries = { queries: DehydratedState['queries'] };

/**
 * The router's `dehydrate` and `hydrate` options, set as TanStack's own integration sets
 * them: through AnyRouter, since the options' serializability check cannot see that query
 * data (typed unknown) is what the procedures answered, which seroval serializes.
 */
function carryQueries(router: AnyRouter, queryClient: QueryClient) {
  router.options.dehydrate = (): DehydratedQueries => ({
    // Failed loads are not sent with the page: the browser asks again.
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success',
    }).queries,
  });
  router.options.hydrate = (dehydrated: DehydratedQueries) => hydrate(queryClient, dehydrated);
}

/**
 * The one router of both entries: the browser builds it with the HTTP tRPC client, the
 * server (entry-server.tsx) with options that call the procedures in-process. Query state
 * the server loaded travels in the HTML and fills the browser's cache before hydration.
 * `address` is the path, search and hash the page was loaded at.
 *
 * That state goes whole, in the page's first script, through the router's own `dehydrate`
 * and `hydrate` options (its 'External Data Loading' guide), not through
 * @tanstack/react-router-ssr-query: that integration also streams the queries a render starts,
 * so it keeps the page's serialization open until the render ends, and the router then passes
 * the whole document through its stream transform (encoded, scanned, decoded) to put the last
 * scripts in: ≈ 6 % of a product page's CPU. A page here renders to a string once every loader
 * has its data (renderToString waits for nothing), so a render starts no query worth
 * streaming, and with the state complete before the render the router takes its fast path
 * (docs/decisions/070-render-cost-again.md). No query or mutation function throws a router
 * redirect (the guards throw theirs in loaders), so none needs the integration's handling.
 */
export function createAppRouter(context: RouterContext, address?: string) {
  const { queryClient } = context;
  const router = createRouter({
    routeTree,
    context,
    rewrite: badAddressRewrite(address),
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Every route's failure and unknown path read in Spanish, never the router's defaults.
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <TrpcOptionsProvider value={context.trpc}>{children}</TrpcOptionsProvider>
      </QueryClientProvider>
    ),
  });
  carryQueries(router, queryClient);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
