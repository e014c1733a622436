import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../auth/session';
import { isDatabaseUnavailable } from '../database-availability';
import type { AppDeps } from '../app-deps';
import { logDatabaseUnavailable } from '../http/error-handling';
import { createContextInner } from '../trpc/context';
import { type AppRouter, appRouter } from '../trpc/router';
import type { RouterManifest } from './asset-manifest';
import { InProcessClient } from './in-process-client';

/** The deepest route the router matched, as TanStack Router's match carries it. */
type RouteMatch = { routeId: string; fullPath: string };

/** The shape of src/client/entry-server.tsx's export, which the server may not import. */
type RenderPage = (options: {
  request: Request;
  manifest?: RouterManifest;
  siteOrigin: string;
  trpcFor: (queryClient: QueryClient) => unknown;
  /** Told the deepest match once the router has loaded; not called for a redirect. */
  onMatched?: (match: RouteMatch) => void;
  /** Told what a route's loading threw (not a procedure's error); the page answers 500. */
  onRouteError?: (failure: { routeId: string; error: unknown }) => void;
}) => Promise<{ response: Response; html: string }>;

export type PageRequest = {
  request: Request;
  siteOrigin: string;
  session: SessionUser | null;
  ip: string;
  /** The request's logger: a failure of its render is written with its request id. */
  log: FastifyBaseLogger;
};

export type RenderedResponse = {
  response: Response;
  /** The document; empty for a redirect. */
  html: string;
  /** The page's route pattern for the request metrics; undefined for a redirect. */
  route?: string;
  /**
   * A procedure of this render failed for want of the database: the page shows error states
   * instead of its data, so it is answered 503 instead (ssr/pages.ts).
   */
  isDatabaseUnavailable: boolean;
};

/** The label of every path no route takes, whichever not-found page answers it. */
const NOT_FOUND_ROUTE = 'not-found';

/**
 * A route's URL pattern ('/producto/$slug', '/tienda', '/'), never the URL itself, so the
 * metrics' label values stay as few as the routes. An unknown path matches only the root
 * (its own not-found page) or the top-level catch-all ('/$', the store's not-found page): both
 * are 'not-found', apart from the pages that exist.
 */
function routeLabelOf({ routeId, fullPath }: RouteMatch): string {
  if (routeId === '__root__' || fullPath === '/$') return NOT_FOUND_ROUTE;
  // An index route's path ends in '/' ('/blog/'): the same page as '/blog'.
  return fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath;
}

/**
 * Loads the server-rendering bundle by path (dist/ssr/entry-server.js, built apart from the
 * server so the client code never enters the server's own bundle). Undefined when absent: the
 * server then answers API and files only.
 */
export async function loadPageRenderer(deps: AppDeps, manifest: RouterManifest | undefined) {
  if (!existsSync(deps.config.ssrEntry)) return undefined;
  const entry = (await import(pathToFileURL(deps.config.ssrEntry).href)) as {
    renderPage: RenderPage;
  };
  return async ({
    request,
    siteOrigin,
    session,
    ip,
    log,
  }: PageRequest): Promise<RenderedResponse> => {
    let route: string | undefined;
    let hasLostDatabase = false;
    const { response, html } = await entry.renderPage({
      request,
      manifest,
      siteOrigin,
      onMatched: (match) => {
        route = routeLabelOf(match);
      },
      // The router answers its Spanish error page (500); the cause is ours to keep.
      onRouteError: ({ routeId, error }) => {
        log.error({ err: error, routeId }, 'page route failed');
      },
      // The same procedures the browser calls over HTTP, called in-process with the
      // visitor's session: no request to itself, the same query keys as the browser's. The
      // in-process client shapes errors like the HTTP answers (an unexpected one reads
      // 'Ocurrió un error inesperado.'), so no internal message reaches the page's data.
      trpcFor: (queryClient) =>
        createTRPCOptionsProxy<AppRouter>({
          client: new InProcessClient({
            router: appRouter,
            createContext: () => createContextInner(deps, { session, ip }),
            onError({ error, path }) {
              if (isDatabaseUnavailable(error)) {
                hasLostDatabase = true;
                logDatabaseUnavailable(log, error, { procedure: path });
              } else if (error.code === 'INTERNAL_SERVER_ERROR') {
                log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed');
              }
            },
          }),
          queryClient,
        }),
    });
    return { response, html, route, isDatabaseUnavailable: hasLostDatabase };
  };
}
