import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
// tRPC's own observable helper (already in the bundle under @trpc/client), not our server.
// eslint-disable-next-line no-restricted-imports
import { observable } from '@trpc/server/observable';
import { createContext, useContext } from 'react';
import type { AppRouter } from '@server/trpc/router';

const MAX_RETRIES = 3;

/** True for answers that a retry cannot change (bad input, no session, not found...). */
function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** A code a procedure answers for input that names nothing (a malformed or unknown slug). */
export function isNotFoundError(error: unknown): boolean {
  const code =
    (error as { code?: string } | null)?.code ??
    (error as { data?: { code?: string } } | null)?.data?.code;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

/** `onServer`: a page being rendered does not wait for retries; the browser will retry. */
export function createQueryClient({ onServer = false } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) =>
          !onServer && !isClientError(error) && failureCount < MAX_RETRIES,
        // Back-off doubling from 1 s up to 30 s.
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}

/**
 * Stands for the HTTP batch link (trpc-http.ts) and imports it on the first operation: the
 * server's HTML carries every query a public page reads at load (the session too), so most
 * visits never download the link and superjson before idle. Operations that arrive while it
 * loads wait for it and still batch together; a failed download fails them like a network
 * error (the queries' retry asks again).
 */
const lazyHttpLink: TRPCLink<AppRouter> = (runtime) => {
  let operationLink: Promise<ReturnType<TRPCLink<AppRouter>>> | undefined;
  return ({ op, next }) =>
    observable((observer) => {
      let subscription: { unsubscribe: () => void } | undefined;
      let cancelled = false;
      operationLink ??= import('./trpc-http').then(({ httpTrpcLink }) => httpTrpcLink(runtime));
      operationLink.then(
        (link) => {
          if (!cancelled) subscription = link({ op, next }).subscribe(observer);
        },
        (cause: unknown) => {
          operationLink = undefined;
          observer.error(TRPCClientError.from(cause as Error));
        },
      );
      return () => {
        cancelled = true;
        subscription?.unsubscribe();
      };
    });
};

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({ links: [lazyHttpLink] });
}

export type TrpcOptions = ReturnType<typeof createTRPCOptionsProxy<AppRouter>>;

export function createTrpcOptions(
  client: ReturnType<typeof createTrpcClient>,
  queryClient: QueryClient,
): TrpcOptions {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

/**
 * The query options every component reads. Our own context rather than tRPC's provider: on
 * the server the options call the procedures directly (no HTTP to itself), in the browser
 * they go through the HTTP client, and the router hands whichever it was built with here.
 */
const TrpcOptionsContext = createContext<TrpcOptions | null>(null);

export const TrpcOptionsProvider = TrpcOptionsContext.Provider;

export function useTRPC(): TrpcOptions {
  const trpc = useContext(TrpcOptionsContext);
  if (!trpc) throw new Error('useTRPC() needs a TrpcOptionsProvider above it');
  return trpc;
}
