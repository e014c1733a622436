import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createContext, useContext } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '@server/trpc/router';
import { MAX_BATCH_CALLS } from '@shared/batch-limit';

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

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: MAX_BATCH_CALLS })],
  });
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
