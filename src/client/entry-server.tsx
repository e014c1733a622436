// The server's entry into the React app (built by `vite build --ssr` into dist/ssr/ and
// loaded by src/server/ssr/page-renderer.ts). It imports no server code: the server hands in
// the tRPC query options that call its procedures in-process, bound to this render's cache.
import type { QueryClient } from '@tanstack/react-query';
import {
  createRequestHandler,
  getSsrStatus,
  RouterServer,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import { TRPCClientError } from '@trpc/client';
import { renderToString } from 'react-dom/server';
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
  /**
   * Told what a route's loading threw (its loader, head or guard), for which the router shows
   * its Spanish error page with status 500, so the server logs it with its cause. Not told a
   * procedure's error: the server saw that one as it happened.
   */
  onRouteError?: (failure: { routeId: string; error: unknown }) => void;
};

/**
 * A rendered page: the router's response (status, headers, a redirect's location) and the
 * whole HTML document, handed over as the string it is rather than read back from the
 * response's body stream.
 */
export type RenderedDocument = { response: Response; html: string };

/**
 * One page as a whole HTML document, with the status the routes chose (200, 404, 500...).
 * Rejects with what the render itself threw: the server logs it through its logger and answers
 * its Spanish error page (src/server/ssr/pages.ts); nothing of it reaches the visitor.
 */
export async function renderPage({
  request,
  manifest,
  siteOrigin,
  trpcFor,
  onMatched,
  onRouteError,
}: RenderPageOptions): Promise<RenderedDocument> {
  // This render's queries, cleared at its end: their garbage-collection timers (gcTime) would
  // otherwise keep them, and the page's data, alive for minutes after the answer.
  const queryClient = createQueryClient({ onServer: true });
  const handler = createRequestHandler({
    request,
    getRouterManifest: manifest ? () => manifest : undefined,
    createRouter: () => {
      const url = new URL(request.url);
      return createAppRouter(
        { queryClient, trpc: trpcFor(queryClient), siteOrigin },
        url.pathname + url.search,
      );
    },
  });
  let html = '';
  let failure: { error: unknown } | undefined;
  // What renderRouterToString does, keeping the HTML: it answers a Response whose body the
  // server read back through a web stream, per page.
  const response = await handler(async ({ router, responseHeaders }) => {
    const deepest = router.state.matches.at(-1);
    if (deepest) onMatched?.(deepest);
    for (const match of router.state.matches) {
      if (match.status === 'error' && !(match.error instanceof TRPCClientError)) {
        onRouteError?.({ routeId: match.routeId, error: match.error });
      }
    }
    try {
      html = await transformHtmlStringWithRouter(
        router,
        renderToString(<RouterServer router={router} />),
      );
      return new Response(null, { status: getSsrStatus(router), headers: responseHeaders });
    } catch (error) {
      failure = { error };
      return new Response(null, { status: 500, headers: responseHeaders });
    } finally {
      router.serverSsr?.cleanup();
    }
  });
  queryClient.clear();
  if (failure) throw failure.error;
  return { response, html };
}
