import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, unstable_localLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyBaseLogger } from 'fastify';
import superjson from 'superjson';
import type { SessionUser } from '../auth/session';
import { type AppDeps, createContextInner } from '../trpc/context';
import { type AppRouter, appRouter } from '../trpc/router';
import type { RouterManifest } from './asset-manifest';

/** The shape of src/client/entry-server.tsx's export, which the server may not import. */
type RenderPage = (options: {
  request: Request;
  manifest?: RouterManifest;
  siteOrigin: string;
  trpcFor: (queryClient: QueryClient) => unknown;
}) => Promise<Response>;

export type PageRequest = {
  request: Request;
  siteOrigin: string;
  session: SessionUser | null;
  ip: string;
};

/**
 * Loads the server-rendering bundle by path (dist/ssr/entry-server.js, built apart from the
 * server so the client code never enters the server's own bundle). Undefined when absent: the
 * server then answers API and files only.
 */
export async function loadPageRenderer(
  deps: AppDeps,
  manifest: RouterManifest | undefined,
  log: FastifyBaseLogger,
) {
  if (!existsSync(deps.config.ssrEntry)) return undefined;
  const entry = (await import(pathToFileURL(deps.config.ssrEntry).href)) as {
    renderPage: RenderPage;
  };
  return ({ request, siteOrigin, session, ip }: PageRequest) =>
    entry.renderPage({
      request,
      manifest,
      siteOrigin,
      // The same procedures the browser calls over HTTP, called in-process with the
      // visitor's session: no request to itself, the same query keys as the browser's. The
      // local link shapes errors like the HTTP answers (an unexpected one reads
      // 'Ocurrió un error inesperado.'), so no internal message reaches the page's data.
      trpcFor: (queryClient) =>
        createTRPCOptionsProxy<AppRouter>({
          client: createTRPCClient<AppRouter>({
            links: [
              unstable_localLink({
                router: appRouter,
                createContext: () => Promise.resolve(createContextInner(deps, { session, ip })),
                transformer: superjson,
                onError({ error, path }) {
                  if (error.code === 'INTERNAL_SERVER_ERROR') {
                    log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed');
                  }
                },
              }),
            ],
          }),
          queryClient,
        }),
    });
}
