// The server's entry into the React app (built by `vite build --ssr` into dist/ssr/ and
// loaded by src/server/ssr/page-renderer.ts). It imports no server code: the server hands in
// the tRPC query options that call its procedures in-process, bound to this render's cache.
import type { QueryClient } from '@tanstack/react-query';
import {
  createRequestHandler,
  renderRouterToString,
  RouterServer,
} from '@tanstack/react-router/ssr/server';
import { createQueryClient, type TrpcOptions } from '@client/lib/trpc';
import { createAppRouter } from './router';

type ServerManifest = Awaited<
  ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>
>;

export type RenderPageOptions = {
  request: Request;
  /** Script and stylesheet of the client build; absent when only the HTML matters (tests). */
  manifest?: ServerManifest;
  siteOrigin: string;
  trpcFor: (queryClient: QueryClient) => TrpcOptions;
  /** Told the deepest match once loaded (not for a redirect): the server's metrics label. */
  onMatched?: (match: { routeId: string; fullPath: string }) => void;
};

/** One page as a whole HTML document, with the status the routes chose (200, 404, 500...). */
export function renderPage({
  request,
  manifest,
  siteOrigin,
  trpcFor,
  onMatched,
}: RenderPageOptions) {
  const handler = createRequestHandler({
    request,
    getRouterManifest: manifest ? () => manifest : undefined,
    createRouter: () => {
      const queryClient = createQueryClient({ onServer: true });
      const url = new URL(request.url);
      return createAppRouter(
        { queryClient, trpc: trpcFor(queryClient), siteOrigin },
        url.pathname + url.search,
      );
    },
  });
  return handler(({ router, responseHeaders }) => {
    const deepest = router.state.matches.at(-1);
    if (deepest) onMatched?.(deepest);
    return renderRouterToString({
      router,
      responseHeaders,
      children: <RouterServer router={router} />,
    });
  });
}
