import { createRouter, type LocationRewrite } from '@tanstack/react-router';
import { ErrorScreen, NotFoundScreen } from '@client/components/layout/status-screens';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
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

/**
 * The one router of both entries: the browser builds it with the HTTP tRPC client, the
 * server (entry-server.tsx) with options that call the procedures in-process. Query state
 * the server loaded travels in the HTML and fills the browser's cache before hydration.
 * `address` is the path, search and hash the page was loaded at.
 */
export function createAppRouter(context: RouterContext, address?: string) {
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
      <TrpcOptionsProvider value={context.trpc}>{children}</TrpcOptionsProvider>
    ),
  });
  setupRouterSsrQueryIntegration({
    router,
    queryClient: context.queryClient,
    // Failed loads are not sent with the page: the browser asks again.
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
