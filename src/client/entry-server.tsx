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
};

/** One page as a whole HTML document, with the status the routes chose (200, 404, 500...). */
export function renderPage({ request, manifest, siteOrigin, trpcFor }: RenderPageOptions) {
  const handler = createRequestHandler({
    request,
    getRouterManifest: manifest ? () => manifest : undefined,
    createRouter: () => {
      const queryClient = createQueryClient({ onServer: true });
      return createAppRouter({ queryClient, trpc: trpcFor(queryClient), siteOrigin });
    },
  });
  return handler(({ router, responseHeaders }) =>
    renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
  );
}
