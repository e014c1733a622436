import { createRouter } from '@tanstack/react-router';
import { ErrorScreen, NotFoundScreen } from '@client/components/layout/status-screens';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { TrpcOptionsProvider } from '@client/lib/trpc';
import type { RouterContext } from '@client/lib/router-context';
import { routeTree } from './routeTree.gen';

/**
 * The one router of both entries: the browser builds it with the HTTP tRPC client, the
 * server (entry-server.tsx) with options that call the procedures in-process. Query state
 * the server loaded travels in the HTML and fills the browser's cache before hydration.
 */
export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
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
