import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '@server/trpc/router';
import { MAX_BATCH_CALLS } from '@shared/batch-limit';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

const MAX_RETRIES = 3;

/** True for answers that a retry cannot change (bad input, no session, not found...). */
function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
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
